#!/usr/bin/env python3
"""Checks the pictures in a real browser (Debian's headless Chromium).

    check.py layout DIR      every *.svg of DIR inlined in one HTML page; the layout the
                             browser computed (getBBox, computed styles) is checked: each
                             digit inside its cell, nothing outside the viewBox, a killer
                             cage's sum in its cell's corner clear of the digit, the caption
                             under the grid; and the arrows against DIR/links.tsv (the
                             links of the steps, written by the engine): each between the
                             right candidates
    check.py colours DIR     steps (x_wing.svg, single.svg, chains...) screenshotted alone; the
                             colours at highlighted, placed and removed places are checked
    check.py variant-colours DIR
                             the variant goldens screenshotted: windoku's windows shaded,
                             dg's cells tinted by place, the killer's cage outlines drawn,
                             a step on a windoku grid coloured as on a classic one
    check.py pdf PDF PAGES   the PDF has PAGES pages (pdfinfo), none of them blank (pdftoppm)

Exits non-zero with a message on the first kind of failure found (after listing them)."""
import colorsys
import html
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SVG_NS = "{http://www.w3.org/2000/svg}"
failures = []


def fail(msg):
    failures.append(msg)


def chromium(args, work):
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + os.path.join(work, "profile")]
    r = subprocess.run(cmd + args, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        sys.exit("chromium failed: " + r.stderr[-2000:])
    return r.stdout


def rc(name):
    m = re.fullmatch(r"r(\d+)c(\d+)", name)
    return int(m.group(1)) - 1, int(m.group(2)) - 1


def inside(inner, outer, slack=0.5):
    x, y, w, h = inner
    X, Y, W, H = outer
    return x >= X - slack and y >= Y - slack and x + w <= X + W + slack and y + h <= Y + H + slack


def expected_links(directory):
    """The links the engine's steps carry, per picture (links.tsv, written beside the
    golden files by tools/src/cmd/pictures.rs): (from, to, kind) with candidates named
    r<row>c<col>:<digit>."""
    path = os.path.join(directory, "links.tsv")
    want = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f, a, b, kind = line.rstrip("\n").split("\t")
            want.setdefault(f, []).append((a, b, kind))
    return want


def ninth(name, border, n):
    """The box of candidate r<row>c<col>:<digit> (its ninth of the cell, its quarter on
    a 4x4 grid) from where the browser laid out the grid's border."""
    cell_name, digit = name.split(":")
    r, c = rc(cell_name)
    bx, by, side, _ = border
    cell = side / n
    sub = 3 if n == 9 else 2
    part = cell / sub
    d = int(digit) - 1
    return (bx + c * cell + (d % sub) * part, by + r * cell + (d // sub) * part, part, part)


def check_links_against_engine(where, g, want):
    """Every link the engine's step carries is an arrow whose laid-out start lies in its
    source's ninth and whose tip lies in its target's ninth, dashed iff weak; and no other
    arrow is drawn. Found by geometry alone (not by the arrows' data attributes)."""
    arrows = list(g["links"])
    for a, b, kind in want:
        fa, fb = ninth(a, g["border"], g["n"]), ninth(b, g["border"], g["n"])
        hit = None
        for i, l in enumerate(arrows):
            dashed = l["dash"] not in ("none", "")
            if (inside((l["start"][0], l["start"][1], 0, 0), fa, 0.6)
                    and inside((l["tip"][0], l["tip"][1], 0, 0), fb, 0.6)
                    and dashed == (kind == "weak")):
                hit = i
                break
        if hit is None:
            fail("%s: no %s arrow from %s to %s" % (where, kind, a, b))
        else:
            arrows.pop(hit)
    for l in arrows:
        fail("%s: arrow %s->%s drawn but not a link of the step" % (where, l["from"], l["to"]))
    return len(want)


def overlap(a, b, slack=0.5):
    """True when boxes a and b (x, y, w, h) share more than a sliver."""
    return (a[0] + slack < b[0] + b[2] and b[0] + slack < a[0] + a[2]
            and a[1] + slack < b[1] + b[3] and b[1] + slack < a[1] + a[3])


def check_sums(where, g, cell):
    """Each killer cage's sum lies inside its cell's top-left quarter, is not hidden
    (a box of some size), and does not overlap the digit of its cell."""
    bx, by = g["border"][0], g["border"][1]
    digits = {t["cell"]: t["box"] for t in g["texts"] if not t["cls"].startswith("mark")}
    for s in g["sums"]:
        r, c = rc(s["cell"])
        x, y, w, h = s["box"]
        if w <= 0 or h < 8:
            fail("%s: cage %s sum box %s too small" % (where, s["cage"], s["box"]))
        corner = (bx + c * cell, by + r * cell, cell / 2, cell / 2)
        if not inside(s["box"], corner):
            fail("%s: cage %s sum %s outside the top-left corner %s" % (where, s["cage"], s["box"], corner))
        d = digits.get(s["cell"])
        if d and overlap(s["box"], d):
            fail("%s: cage %s sum %s overlaps the digit of %s %s" % (where, s["cage"], s["box"], s["cell"], d))
    return len(g["sums"])


def layout(directory):
    files = sorted(f for f in os.listdir(directory) if f.endswith(".svg"))
    if not files:
        sys.exit("no pictures in " + directory)
    with tempfile.TemporaryDirectory() as work:
        page = ['<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>']
        for f in files:
            svg = open(os.path.join(directory, f), encoding="utf-8").read()
            svg = svg[svg.index("?>") + 2:] if svg.startswith("<?xml") else svg
            page.append('<div data-file="%s">%s</div>' % (f, svg))
        page.append('<pre id="result"></pre><script>%s</script></body></html>'
                    % open(os.path.join(HERE, "layout.js"), encoding="utf-8").read())
        path = os.path.join(work, "page.html")
        open(path, "w", encoding="utf-8").write("\n".join(page))
        dom = chromium(["--dump-dom", "file://" + path], work)
    m = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    if not m or not m.group(1).strip():
        sys.exit("the page's script wrote no result")
    grids = json.loads(html.unescape(m.group(1)))
    seen = {g["file"] for g in grids}
    for f in files:
        if f not in seen:
            fail("%s: no grid laid out" % f)
    digits = marks = links = engine_links = sums = 0
    engine = expected_links(directory)
    for f in engine:
        if f not in seen:
            fail("%s: links.tsv names a picture that is not there" % f)
    for g in grids:
        where = g["file"] + (" item %s" % g["item"] if g["item"] else "")
        if g["file"] in engine and g["border"]:
            engine_links += check_links_against_engine(where, g, engine[g["file"]])
        n = g["n"]
        if not g["border"] or g["border"][2] <= 0:
            fail(where + ": no border laid out")
            continue
        bx, by, side, _ = g["border"]
        cell = side / n
        sub = 3 if n == 9 else 2
        if not g["texts"]:
            fail(where + ": no digit laid out (blank picture)")
        centres = {}
        for t in g["texts"]:
            r, c = rc(t["cell"])
            x, y, w, h = t["box"]
            if w <= 0 or h <= 0:
                fail("%s: %s %s has an empty box" % (where, t["cls"], t["cell"]))
                continue
            cell_box = (bx + c * cell, by + r * cell, cell, cell)
            if not inside(t["box"], cell_box):
                fail("%s: %s %s:%s box %s is outside its cell %s" % (where, t["cls"], t["cell"], t["digit"], t["box"], cell_box))
            if t["cls"].startswith("mark"):
                d = int(t["digit"]) - 1
                part = cell / sub
                ninth = (cell_box[0] + (d % sub) * part, cell_box[1] + (d // sub) * part, part, part)
                cx, cy = x + w / 2, y + h / 2
                if not inside((cx, cy, 0, 0), ninth, 0):
                    fail("%s: pencil mark %s:%s centred at %.1f,%.1f is outside its ninth %s" % (where, t["cell"], t["digit"], cx, cy, ninth))
                if t["cls"] == "mark" and t["fill"] != "rgb(92, 92, 92)":
                    fail("%s: pencil mark %s unstyled (fill %s)" % (where, t["cell"], t["fill"]))
                centres["%s:%s" % (t["cell"], t["digit"])] = (cx, cy)
                marks += 1
            else:
                digits += 1
                want = {"given": ("rgb(0, 0, 0)", "700"), "placed": ("rgb(29, 95, 209)", "400")}[t["cls"]]
                if (t["fill"], t["weight"]) != want:
                    fail("%s: %s %s unstyled: fill %s weight %s" % (where, t["cls"], t["cell"], t["fill"], t["weight"]))
                if h < cell * 0.5:
                    fail("%s: digit %s too small (%.1f high)" % (where, t["cell"], h))
        for what in g["outside"]:
            fail("%s: %s drawn outside the viewBox %s" % (where, what, g["view"]))
        sums += check_sums(where, g, cell)
        for cap in g["caption"]:
            if cap[1] < by + side or cap[3] <= 0:
                fail("%s: caption %s not under the grid (bottom %.1f)" % (where, cap, by + side))
        for l in g["links"]:
            links += 1
            for end, point in (("from", l["start"]), ("to", l["tip"])):
                c = centres.get(l[end])
                if c is None:
                    fail("%s: link %s end %s is not on a pencil mark" % (where, l["cls"], l[end]))
                elif math.dist(c, point) > cell / sub / 2 + 3:
                    fail("%s: link %s->%s: %s end %.1f from its candidate" % (where, l["from"], l["to"], end, math.dist(c, point)))
            dashed = l["dash"] not in ("none", "")
            if dashed != ("weak" in l["cls"]):
                fail("%s: link %s->%s (%s) dash %s" % (where, l["from"], l["to"], l["cls"], l["dash"]))
            if l["stroke"] != "rgb(232, 89, 12)":
                fail("%s: link unstyled (stroke %s)" % (where, l["stroke"]))
        want = {"cell": "rgb(255, 232, 163)", "unit": "rgb(221, 232, 251)", "pivot": "rgb(255, 184, 77)",
                "on": "rgb(43, 154, 71)", "off": "rgb(224, 49, 49)", "pat": "rgb(140, 200, 255)"}
        for cls, fill in g["fills"].items():
            if fill != want[cls]:
                fail("%s: .%s unstyled (fill %s)" % (where, cls, fill))
    print("layout: %d grids, %d digits, %d pencil marks, %d links, %d cage sums checked (%d links against the engine's steps)"
          % (len(grids), digits, marks, links, sums, engine_links))
    if "killer.svg" in files and sums == 0:
        fail("killer.svg: no cage sum laid out")
    if "links.svg" in files and links == 0:
        fail("links.svg: no link laid out")
    # The chain steps among the golden files carry links: each of them is checked.
    for f in ("links.svg", "xy_cycle.svg", "xy_chain.svg", "cell_forcing_chains.svg",
              "dynamic_contradiction.svg", "dynamic_plus.svg", "nested_chain.svg", "marks_step.svg"):
        if f in files and os.path.exists(os.path.join(directory, "links.tsv")) and not engine.get(f):
            fail("%s: links.tsv lists no link of it" % f)


def png_pixels(path):
    """Width, height and rows of (r, g, b) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    w, h, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unexpected PNG format"
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def near(rgb, want, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


def screenshot(path, work):
    """A picture screenshotted alone at its own size: its parsed root, the pixel at a
    point of its viewBox, and the pixel rows."""
    root = ET.parse(path).getroot()
    px = int(root.get("width"))
    view = [float(v) for v in root.get("viewBox").split()]
    k = px / view[2]
    shot = os.path.join(work, os.path.basename(path) + ".png")
    chromium(["--screenshot=" + shot, "--window-size=%d,%d" % (px, int(px * view[3] / view[2]) + 1),
              "file://" + path], work)
    _, _, rows = png_pixels(shot)
    return root, (lambda x, y: rows[int(y * k)][int(x * k)]), rows


def step_colours(path, work):
    """One step picture screenshotted alone: its pattern's cells highlighted, its discs
    (placed, removed, pattern) coloured, its strikes drawn. Returns the places checked."""
    name = os.path.basename(path)
    checked = 0
    root, at, rows = screenshot(path, work)
    dark = sum(1 for row in rows for p in row if sum(p) < 200)
    if dark < 2000:
        fail("%s: renders almost blank (%d dark pixels)" % (name, dark))
    discs = {(el.get("data-cell"), el.get("data-digit")) for el in root.iter()
             if el.tag.replace(SVG_NS, "") == "circle"}
    lines = [tuple(float(el.get(a)) for a in ("x1", "y1", "x2", "y2")) for g in root.iter()
             if (g.get("class") or "").startswith("link") for el in g
             if el.tag.replace(SVG_NS, "") == "line"]

    def on_arrow(px, py):
        """Within 4 units of an arrow's line (it may cross a corner)."""
        for x1, y1, x2, y2 in lines:
            dx, dy = x2 - x1, y2 - y1
            t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1)))
            if math.dist((px, py), (x1 + t * dx, y1 + t * dy)) < 4:
                return True
        return False
    for el in root.iter():
        cls, tag = el.get("class"), el.tag.replace(SVG_NS, "")
        if tag == "rect" and cls in ("cell", "pivot"):
            x, y = float(el.get("x")), float(el.get("y"))
            want = (255, 232, 163) if cls == "cell" else (255, 184, 77)
            # Two corners of the cell, inside the lines and away from its marks, but
            # for one whose candidate (1 or 9) stands on a disc or that an arrow crosses.
            corners = [(x + 6, y + 6, "1"), (x + 54, y + 54, "9")]
            free = [(sx, sy) for sx, sy, d in corners
                    if (el.get("data-cell"), d) not in discs and not on_arrow(sx, sy)]
            for sx, sy in free:
                p = at(sx, sy)
                checked += 1
                if not near(p, want):
                    fail("%s: %s %s at (%d,%d) is %s, not highlighted" % (name, cls, el.get("data-cell"), sx, sy, p))
        if tag == "circle" and cls in ("on", "off", "pat"):
            cx, cy, r = float(el.get("cx")), float(el.get("cy")), float(el.get("r"))
            want = {"on": (43, 154, 71), "off": (224, 49, 49), "pat": (140, 200, 255)}[cls]
            # Upper left of the disc, else its lower right: clear of the digit and of the
            # strike; a disc both of whose corners an arrow crosses is not checked.
            spots = [(cx + k * r, cy + k * r) for k in (-0.6, 0.6)]
            free = [(sx, sy) for sx, sy in spots if not on_arrow(sx, sy)]
            if free:
                p = at(*free[0])
                checked += 1
                if not near(p, want, 60):
                    fail("%s: %s disc %s:%s is %s" % (name, cls, el.get("data-cell"), el.get("data-digit"), p))
        if tag == "line" and cls == "strike":
            x1, y1, x2, y2 = (float(el.get(a)) for a in ("x1", "y1", "x2", "y2"))
            p = at((x1 + x2) / 2 + 0.5, (y1 + y2) / 2 - 0.5)
            checked += 1
            if sum(p) > 400:
                fail("%s: strike through %s:%s not drawn (%s)" % (name, el.get("data-cell"), el.get("data-digit"), p))
    return checked


def colours(directory):
    checked = 0
    with tempfile.TemporaryDirectory() as work:
        for name in ("single.svg", "x_wing.svg", "links.svg", "unique_rectangle.svg", "xy_chain.svg",
                     "cell_forcing_chains.svg", "dynamic_contradiction.svg", "nested_chain.svg",
                     "marks_step.svg"):
            checked += step_colours(os.path.join(directory, name), work)
    print("colours: %d places checked" % checked)
    if checked < 20:
        fail("too few coloured places checked (%d)" % checked)


def variant_colours(directory):
    """Screenshots of the variant goldens: windoku's windows shaded grey and the cells
    outside them white, every cell of dg.svg in its place's tint, and the killer's cage
    outlines drawn (dark pixels on the inset line of each cage's first cell)."""
    checked = 0
    with tempfile.TemporaryDirectory() as work:
        def shoot(name):
            root, at, _ = screenshot(os.path.abspath(os.path.join(directory, name)), work)
            return root, at

        def cells(root):
            for el in root.iter():
                if el.tag.replace(SVG_NS, "") == "rect" and el.get("class") == "border":
                    return float(el.get("x")), float(el.get("y")), float(el.get("width")) / 9
        root, at = shoot("windoku.svg")
        x0, y0, cell = cells(root)
        windows = {1, 2, 3, 5, 6, 7}
        for r in range(9):
            for c in range(9):
                shaded = r in windows and c in windows
                p = at(x0 + c * cell + 6, y0 + r * cell + 6)
                want = (214, 214, 214) if shaded else (255, 255, 255)
                checked += 1
                if not near(p, want, 12):
                    fail("windoku.svg: r%dc%d is %s, not %s" % (r + 1, c + 1, p, "shaded" if shaded else "white"))
        root, at = shoot("dg.svg")
        x0, y0, cell = cells(root)
        for el in root.iter():
            if el.get("class") == "place":
                # Place p (0-based) of 9: hue 40p, lightness 86% or 92% alternating (docs/pictures.md).
                place = int(el.get("data-place")) - 1
                light = 0.86 if place % 2 == 0 else 0.92
                want = tuple(round(v * 255) for v in colorsys.hls_to_rgb(place * 40 / 360, light, 0.7))
                p = at(float(el.get("x")) + 6, float(el.get("y")) + 6)
                checked += 1
                if not near(p, want, 12):
                    fail("dg.svg: %s is %s, not its place's tint %s" % (el.get("data-cell"), p, want))
        root, at = shoot("killer.svg")
        x0, y0, cell = cells(root)
        for el in root.iter():
            if el.get("class") == "sum":
                r, c = rc(el.get("data-cell"))
                # Down the cage's left inset line in its first cell, below the sum: a dash
                # (5 on, 3 off) is met within every 8 units.
                left = x0 + c * cell + 5
                dark = sum(1 for dy in range(20, 56) if sum(at(left, y0 + r * cell + dy)) < 450)
                checked += 1
                if dark < 10:
                    fail("killer.svg: cage %s outline not drawn in %s (%d dark pixels)" % (el.get("data-cage"), el.get("data-cell"), dark))
        # A step on a variant grid (windoku): its cells and discs as on a classic grid,
        # over the windows' shading.
        checked += step_colours(os.path.abspath(os.path.join(directory, "windoku_step.svg")), work)
        # A nested chain (level 2) on a variant grid (x): its arrows over the diagonals.
        checked += step_colours(os.path.abspath(os.path.join(directory, "x_nested_step.svg")), work)
    print("variant colours: %d places checked" % checked)
    if checked < 150:
        fail("too few variant places checked (%d)" % checked)


def pdf(path, pages):
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True, check=True).stdout
    got = int(re.search(r"^Pages:\s*(\d+)", info, re.M).group(1))
    if got != pages:
        fail("%s: %d pages, expected %d" % (path, got, pages))
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["pdftoppm", "-r", "30", path, os.path.join(work, "p")], check=True)
        images = sorted(os.listdir(work))
        if len(images) != got:
            fail("pdftoppm made %d images of %d pages" % (len(images), got))
        for img in images:
            data = open(os.path.join(work, img), "rb").read()
            m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(m.group(1)), int(m.group(2))
            pixels = data[m.end():]
            dark = sum(1 for i in range(0, len(pixels), 3) if pixels[i] + pixels[i + 1] + pixels[i + 2] < 300)
            if dark < w * h // 100:
                fail("%s: page %s is blank (%d dark pixels of %d)" % (path, img, dark, w * h))
    print("pdf: %d pages, none blank" % got)


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "layout":
        layout(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "colours":
        colours(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "variant-colours":
        variant_colours(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "pdf":
        pdf(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
    for f in failures:
        print("FAILED: " + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


main()
