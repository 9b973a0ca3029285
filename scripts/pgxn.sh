#!/usr/bin/env bash
# The PGXN distribution of sudoku_ext: the source at a commit, as the zip PGXN takes.
#
# Usage: scripts/pgxn.sh [--test] [REF]      (REF: a commit or tag, default HEAD)
#   validates META.json with pgxn_meta, the validator of PGXN's meta specification
#   (cargo install pgxn_meta, once, outside this project's dependency tree), then writes
#     target/package/sudoku_ext-VERSION.zip
#   the files of REF (git archive: committed files only), all under sudoku_ext-VERSION/,
#   META.json at its root. VERSION is REF's Cargo.toml version; META.json must agree.
#   Upload that zip at https://manager.pgxn.org/.
#
#   --test: writes it, then checks the zip as PGXN reads it: one top folder
#     sudoku_ext-VERSION/, its META.json valid (pgxn_meta) and of the same version as its
#     Cargo.toml, for the distribution and for the extension, every file META.json
#     names present; and pgxn_meta rejects that META.json without its licence (the
#     validator does check). And the Makefile PGXN's client runs (make, make install,
#     make uninstall) against the system PostgreSQL (test_makefile below).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/packaging.sh"

PGXN_META_VERSION="0.7.0"
TEST=""
if [ "${1:-}" = "--test" ]; then
    TEST=1
    shift
fi
[[ "${1:-}" != -h && "${1:-}" != --help ]] || { sed -n '2,17p' "$0"; exit 0; }
REF="${1:-HEAD}"

# PGXN's validator, the pgxn_meta crate's own command, built once into ~/.cargo/bin.
ensure_pgxn_meta() {
    if ! pgxn_meta --version 2>/dev/null | grep -qx "pgxn_meta ${PGXN_META_VERSION}"; then
        say "installing pgxn_meta ${PGXN_META_VERSION}, PGXN's META.json validator (one time, a few minutes)"
        cargo install pgxn_meta --version "${PGXN_META_VERSION}" --locked
    fi
}

# Prints "NAME VERSION EXTENSION_VERSION" of the META.json on stdin, and the files it
# names (the extensions' file and docfile), one a line.
meta_summary() {
    python3 -c '
import json, sys
meta = json.load(sys.stdin)
print(meta["name"], meta["version"], " ".join(sorted({e["version"] for e in meta["provides"].values()})))
for extension in meta["provides"].values():
    for key in ("file", "docfile"):
        if key in extension:
            print(extension[key])
'
}

cargo_version() { sed -n 's/^version *= *"\(.*\)"/\1/p' | head -1; }

# Writes the zip of REF; prints its path.
build_zip() {
    local version summary zip
    version="$(git -C "$ROOT" show "$REF:Cargo.toml" | cargo_version)"
    summary="$(git -C "$ROOT" show "$REF:META.json" | meta_summary)" || return 1
    summary="${summary%%$'\n'*}"
    if [ "$summary" != "sudoku_ext $version $version" ]; then
        echo "META.json of $REF says '$summary' (name, version, extension version), Cargo.toml '$version'" >&2
        return 1
    fi
    say "validating META.json of $REF with pgxn_meta"
    local tmp
    tmp="$(mktemp -d /tmp/sudoku_ext_pgxn.XXXXXX)"
    git -C "$ROOT" show "$REF:META.json" >"$tmp/META.json"
    if ! pgxn_meta "$tmp/META.json" >&2; then
        rm -rf "$tmp"
        return 1
    fi
    rm -rf "$tmp"
    if [ "$REF" = HEAD ] && [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ]; then
        echo "note: the working tree has uncommitted changes; the zip holds HEAD's committed files only" >&2
    fi
    zip="$OUT/sudoku_ext-${version}.zip"
    mkdir -p "$OUT"
    git -C "$ROOT" archive --format=zip --prefix="sudoku_ext-${version}/" -o "$zip" "$REF" || return 1
    echo "wrote $zip ($(du -h "$zip" | cut -f1), $(python3 -m zipfile -l "$zip" | tail -n +2 | wc -l) entries)" >&2
    echo "$zip"
}

# The checks of --test on the zip $1.
test_zip() {
    local zip="$1" tmp top version summary rc=0 file
    tmp="$(mktemp -d /tmp/sudoku_ext_pgxn.XXXXXX)"
    python3 -m zipfile -e "$zip" "$tmp/unzipped" || { rm -rf "$tmp"; return 1; }
    top="$(ls -A "$tmp/unzipped")"
    version="$(cargo_version <"$tmp/unzipped/$top/Cargo.toml")"
    if [ "$top" = "sudoku_ext-${version}" ] && [ "$(basename "$zip")" = "sudoku_ext-${version}.zip" ] &&
        [ -f "$tmp/unzipped/$top/META.json" ]; then
        echo "$(basename "$zip"): one top folder, $top/, with META.json at its root: ok" >&2
    else
        echo "$(basename "$zip"): top level '$(echo $top)', expected sudoku_ext-${version}/ holding META.json" >&2
        rm -rf "$tmp"
        return 1
    fi
    (cd "$tmp/unzipped/$top" && pgxn_meta META.json >&2) || rc=1
    summary="$(meta_summary <"$tmp/unzipped/$top/META.json")"
    if [ "$(echo "$summary" | head -1)" = "sudoku_ext $version $version" ]; then
        echo "META.json: distribution and extension version $version, as in Cargo.toml: ok" >&2
    else
        echo "META.json says '$(echo "$summary" | head -1)', Cargo.toml $version" >&2
        rc=1
    fi
    while read -r file; do
        [ -f "$tmp/unzipped/$top/$file" ] || { echo "META.json names $file, which the zip lacks" >&2; rc=1; }
    done < <(echo "$summary" | tail -n +2)
    python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); del m["license"]; json.dump(m, open(sys.argv[2], "w"))' \
        "$tmp/unzipped/$top/META.json" "$tmp/unlicensed.json"
    if pgxn_meta "$tmp/unlicensed.json" >/dev/null 2>&1; then
        echo "pgxn_meta accepted a META.json without a licence: the validation above proves nothing" >&2
        rc=1
    else
        echo "pgxn_meta rejects the same META.json without its licence: ok" >&2
    fi
    rm -rf "$tmp"
    return $rc
}

# The Makefile that PGXN's client runs (make, make install): for the system PostgreSQL, make
# install DESTDIR=... writes exactly the files of that major's archive (scripts/package.sh),
# byte for byte, where pg_config says, and make uninstall removes them all. make reuses the
# release build the archive came from (cargo's cache); without that archive it is skipped.
test_makefile() {
    local name archive tmp rc=0 pkglibdir extdir
    name="$(archive_name "$PG_MAJOR")"
    archive="$OUT/$name.tar.gz"
    if [ ! -f "$archive" ]; then
        echo "no $(basename "$archive") (scripts/package.sh ${PG_MAJOR} makes it): the Makefile check is skipped" >&2
        return 0
    fi
    say "make and make install DESTDIR=... for $("$PG_CONFIG" --version)"
    tmp="$(mktemp -d /tmp/sudoku_ext_make.XXXXXX)"
    pkglibdir="$("$PG_CONFIG" --pkglibdir)"
    extdir="$("$PG_CONFIG" --sharedir)/extension"
    mkdir -p "$tmp/archive"
    tar -xzf "$archive" -C "$tmp/archive" &&
        make -C "$ROOT" PG_CONFIG="$PG_CONFIG" >"$tmp/make.log" 2>&1 &&
        make -C "$ROOT" install PG_CONFIG="$PG_CONFIG" DESTDIR="$tmp/dest" >>"$tmp/make.log" 2>&1 || {
        tail -20 "$tmp/make.log" >&2
        rm -rf "$tmp"
        return 1
    }
    if diff <(cd "$tmp/archive/$name/lib" && md5sum sudoku_ext.so | sed "s|  |  $pkglibdir/|"
        cd "$tmp/archive/$name/share/extension" && md5sum sudoku_ext* | sed "s|  |  $extdir/|") \
        <(cd "$tmp/dest" && find . -type f -exec md5sum {} + | sed 's|  \./|  /|' | sort -k2) >&2; then
        echo "make install: the files of $(basename "$archive"), byte for byte, in pg_config's directories: ok" >&2
    else
        echo "make install wrote other files than $(basename "$archive") holds (above)" >&2
        rc=1
    fi
    make -C "$ROOT" uninstall PG_CONFIG="$PG_CONFIG" DESTDIR="$tmp/dest" >/dev/null || rc=1
    if [ -z "$(find "$tmp/dest" -type f)" ]; then
        echo "make uninstall removed every file: ok" >&2
    else
        echo "make uninstall left: $(find "$tmp/dest" -type f)" >&2
        rc=1
    fi
    rm -rf "$tmp"
    return $rc
}

ensure_pgxn_meta
zip="$(build_zip)" || exit 1
if [ -n "$TEST" ]; then
    rc=0
    test_zip "$zip" || rc=1
    test_makefile || rc=1
    exit $rc
fi
