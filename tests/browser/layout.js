// Run by headless Chromium inside tests/browser's page of fixtures (see check.py):
// writes what the browser laid out, as JSON, into <pre id="result">.
(function () {
  const box = (el) => {
    const b = el.getBBox();
    return [b.x, b.y, b.width, b.height];
  };
  const style = (el, prop) => getComputedStyle(el).getPropertyValue(prop);
  const grids = [];
  for (const holder of document.querySelectorAll('div[data-file]')) {
    const root = holder.querySelector('svg');
    const svgs = root.classList.contains('sudoku') ? [root] : [...root.querySelectorAll('svg.sudoku')];
    for (const svg of svgs) {
      const border = svg.querySelector('rect.border');
      const own = (el) => el.ownerSVGElement === svg;
      const texts = [...svg.querySelectorAll('text[data-cell]:not(.sum)')].map((t) => ({
        cls: t.getAttribute('class'), cell: t.dataset.cell, digit: t.dataset.digit,
        box: box(t), fill: style(t, 'fill'), weight: style(t, 'font-weight'),
      }));
      const links = [...svg.querySelectorAll('g.link')].map((g) => {
        const line = g.querySelector('line');
        const head = g.querySelector('polygon');
        return {
          cls: g.getAttribute('class'), from: g.dataset.from, to: g.dataset.to,
          start: [line.x1.baseVal.value, line.y1.baseVal.value],
          tip: [head.points.getItem(0).x, head.points.getItem(0).y],
          dash: style(line, 'stroke-dasharray'), stroke: style(line, 'stroke'),
        };
      });
      // Killer cage sums, and every element drawn outside the picture's viewBox.
      const sums = [...svg.querySelectorAll('text.sum')].map((t) => ({
        cell: t.dataset.cell, cage: t.dataset.cage, box: box(t),
      }));
      const vb = svg.viewBox.baseVal;
      const view = [vb.x, vb.y, vb.width, vb.height];
      const outside = [];
      for (const el of svg.querySelectorAll('rect,path,line,text,circle,polygon')) {
        if (!own(el)) continue;
        const [x, y, w, h] = box(el);
        if (x < vb.x - 0.5 || y < vb.y - 0.5 || x + w > vb.x + vb.width + 0.5 || y + h > vb.y + vb.height + 0.5) {
          outside.push(el.tagName + '.' + (el.getAttribute('class') || '') + ' ' + [x, y, w, h].map((v) => v.toFixed(1)).join(','));
        }
      }
      const caption = [...svg.querySelectorAll('text.caption')].filter(own).map(box);
      const fills = {};
      for (const cls of ['cell', 'unit', 'pivot', 'on', 'off', 'pat']) {
        const el = svg.querySelector('.' + cls + ':not(text)');
        if (el) fills[cls] = style(el, 'fill');
      }
      grids.push({
        file: holder.dataset.file, item: svg.dataset.item || null,
        n: svg.dataset.side ? Number(svg.dataset.side) : svg.classList.contains('four') ? 4 : 9,
        border: border ? box(border) : null,
        texts, links, fills, sums, view, outside, caption,
      });
    }
  }
  document.getElementById('result').textContent = JSON.stringify(grids);
})();
