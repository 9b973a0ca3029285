#!/usr/bin/env bash
# Debian packages of sudoku_ext, one per PostgreSQL major, named as Debian and PGDG name
# extension packages (postgresql-15-pgvector): postgresql-NN-sudoku-ext.
#
# Usage: scripts/deb.sh [--test] [MAJOR...]      (default: every major of majors.sh)
#   writes, per major, target/package/postgresql-NN-sudoku-ext_VERSION-REVISION_amd64.deb
#   from that major's binary archive of scripts/package.sh (made first when missing: the
#   release build; the package is only its files laid out again, nothing is rebuilt):
#     /usr/lib/postgresql/NN/lib/sudoku_ext.so                   (stripped as dh_strip does)
#     /usr/share/postgresql/NN/extension/sudoku_ext.control, sudoku_ext--*.sql
#     /usr/share/doc/postgresql-NN-sudoku-ext/copyright          (machine-readable, MIT = Expat)
#     /usr/share/doc/postgresql-NN-sudoku-ext/changelog.Debian.gz
#     /usr/share/lintian/overrides/postgresql-NN-sudoku-ext       (lintian's two remarks, explained)
#   Depends: postgresql-NN and what dpkg-shlibdeps finds for the library (libc6, libgcc-s1).
#   Built with dpkg-deb, then checked with lintian (an error fails the build).
#
#   The Debian revision is SUDOKU_DEB_REVISION (default 1): 0.5.0 is 0.5.0-1, and a
#   package-only fix of the same release is 0.5.0-2. A semver pre-release 0.6.0-rc.1
#   becomes 0.6.0~rc.1-1, which dpkg sorts before 0.6.0-1 as semver does.
#
#   --test: for each major, builds its package when missing, then
#     - its file list (dpkg-deb -c) is exactly the library in Debian's pkglibdir and the
#       archive's scripts in Debian's sharedir/extension (the layout read from Debian's
#       pg_config of PostgreSQL 15, the system server, with the major put in), plus the docs;
#     - PostgreSQL 15 (the system server): apt-get install ./the.deb, CREATE EXTENSION,
#       a solved puzzle checked, ALTER EXTENSION ... UPDATE from 0.1.0; installing it again
#       changes no file; apt upgrades the last release's package (a stand-in made from this
#       one) to it; apt-get remove leaves none of its files. Whatever was installed in
#       those directories before (cargo pgrx install of the other layers) is moved aside
#       first and put back at the end, also after a failure or a killed run;
#     - every other major: the package unpacked (dpkg-deb -x) into a pristine relocatable
#       server of that major (scripts/packaging.sh), CREATE EXTENSION, solve, upgrade;
#   and once: the package versions sort with dpkg --compare-versions as the releases do
#   (every version with a script in sql/), so an upgrade from the last release installs.
#   Run it under flock /tmp/sudoku_ext_pg.lock when other installs may run at once.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$ROOT/scripts/packaging.sh"
parse_package_args 35 "$0" "$@"

REVISION="${SUDOKU_DEB_REVISION:-1}"
DEB_ARCH="amd64"
[ "$(uname -m)" = "x86_64" ] || { echo "scripts/deb.sh builds amd64 packages only" >&2; exit 1; }

# Debian's tools: dpkg-deb and dpkg-shlibdeps (dpkg-dev), strip (binutils), lintian.
ensure_deb_tools() {
    local missing=() tool
    for tool in dpkg-shlibdeps:dpkg-dev strip:binutils lintian:lintian; do
        command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 install -y -qq "${missing[@]}" >/dev/null
    fi
}

# The Debian version of the semver $1 with revision $2: a pre-release's "-" becomes "~"
# (dpkg sorts "~" before anything, semver sorts a pre-release before its release).
deb_version() {
    local upstream="$1"
    [[ "$upstream" != *-* ]] || upstream="${upstream%%-*}~${upstream#*-}"
    echo "${upstream}-$2"
}

package_name() { echo "postgresql-$1-sudoku-ext"; }
deb_file() { echo "$OUT/$(package_name "$1")_$(deb_version "$VERSION" "$REVISION")_${DEB_ARCH}.deb"; }

# One field of META.json (the name, abstract, description and maintainer are written once, there).
meta_field() {
    python3 -c 'import json, sys; v = json.load(open(sys.argv[1]))[sys.argv[2]]; print(v[0] if isinstance(v, list) else v)' \
        "$ROOT/META.json" "$1"
}

# Text folded to Debian's continuation lines (" text", " ." for an empty line).
debian_fold() {
    fold -s -w 78 | sed -e 's/ *$//' -e 's/^$/./' -e 's/^/ /'
}

# The time of the commit built, so that building twice gives the same package.
source_epoch() { git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s; }

# Writes major $1's package from its archive (scripts/package.sh makes it when missing).
build_deb() {
    local major="$1" pkg archive name tmp root libdir extdir docdir deb depends shlibs epoch maintainer
    pkg="$(package_name "$major")"
    name="$(archive_name "$major")"
    archive="$OUT/$name.tar.gz"
    [ -f "$archive" ] || bash "$ROOT/scripts/package.sh" "$major" || return 1
    deb="$(deb_file "$major")"
    say "building $(basename "$deb") from $(basename "$archive")"
    tmp="$(mktemp -d /tmp/sudoku_ext_deb.XXXXXX)"
    root="$tmp/root"
    libdir="$root/usr/lib/postgresql/$major/lib"
    extdir="$root/usr/share/postgresql/$major/extension"
    docdir="$root/usr/share/doc/$pkg"
    mkdir -p "$tmp/archive" "$libdir" "$extdir" "$docdir" "$root/DEBIAN"
    # (set -e does not reach into a function called with ||: every step is checked.)
    # What dh_strip does to a shared object: no symbol table or notes beyond the
    # dynamic ones the loader needs (PostgreSQL looks the functions up with dlsym).
    tar -xzf "$archive" -C "$tmp/archive" &&
        install -m 644 "$tmp/archive/$name/lib/sudoku_ext.so" "$libdir/" &&
        install -m 644 "$tmp/archive/$name"/share/extension/* "$extdir/" &&
        strip --strip-unneeded --remove-section=.comment --remove-section=.note "$libdir/sudoku_ext.so" || {
        rm -rf "$tmp"
        return 1
    }

    epoch="$(source_epoch)"
    maintainer="$(meta_field maintainer)"
    write_copyright "$docdir/copyright" "$maintainer" "$epoch"
    write_changelog "$major" "$maintainer" "$epoch" | gzip -9n >"$docdir/changelog.Debian.gz"
    # What lintian says beyond errors, each with its reason (lintian prints them as overrides).
    mkdir -p "$root/usr/share/lintian/overrides"
    cat >"$root/usr/share/lintian/overrides/$pkg" <<EOF
# Not uploaded to Debian's archive, so there is no ITP bug for the first revision to close.
$pkg: initial-upload-closes-no-bugs
# Rust code never calls the checked variants (__memcpy_chk, ...) that C's _FORTIFY_SOURCE
# substitutes: Rust checks bounds itself.
$pkg: hardening-no-fortify-functions [usr/lib/postgresql/$major/lib/sudoku_ext.so]
EOF

    # The library's own dependencies, as dh_shlibdeps finds them. The symbols it takes
    # from the server (postgres itself) are in no library: --warnings=0 keeps that quiet.
    mkdir -p "$tmp/debian"
    printf 'Source: sudoku-ext\n\nPackage: %s\nArchitecture: any\n' "$pkg" >"$tmp/debian/control"
    shlibs="$(cd "$tmp" && dpkg-shlibdeps -O --warnings=0 "root/usr/lib/postgresql/$major/lib/sudoku_ext.so")" || {
        rm -rf "$tmp"
        return 1
    }
    depends="postgresql-$major, ${shlibs#shlibs:Depends=}"

    {
        echo "Package: $pkg"
        echo "Source: sudoku-ext"
        echo "Version: $(deb_version "$VERSION" "$REVISION")"
        echo "Architecture: $DEB_ARCH"
        echo "Maintainer: $maintainer"
        echo "Installed-Size: $(du -k -s --exclude=DEBIAN "$root" | cut -f1)"
        echo "Depends: $depends"
        echo "Section: database"
        echo "Priority: optional"
        echo "Description: Sudoku inside PostgreSQL $major: solve, generate, explain and rate"
        { meta_field description; echo; echo "This package is sudoku_ext ${VERSION} built for PostgreSQL ${major}."; } | debian_fold
    } >"$root/DEBIAN/control"
    (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
    chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    find "$root" -type d -exec chmod 755 {} +
    find "$root" -exec touch -h -d "@$epoch" {} +

    mkdir -p "$OUT"
    SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null || {
        rm -rf "$tmp"
        return 1
    }
    rm -rf "$tmp"
    echo "wrote $deb" >&2
    dpkg-deb -c "$deb" >&2
    lint_deb "$deb"
}

# lintian on a package: fails on any error; its warnings and notes are printed.
lint_deb() {
    say "lintian $(basename "$1")"
    local rc=0
    lintian --fail-on error --display-info "$1" >&2 || rc=$?
    [ $rc -eq 0 ] && echo "lintian: no error" >&2
    return $rc
}

# Debian's machine-readable copyright file: MIT is "Expat" in Debian's license names.
write_copyright() {
    local file="$1" maintainer="$2" epoch="$3" year
    year="$(date -u -d "@$epoch" +%Y)"
    [ "$year" = 2026 ] || year="2026-$year"
    cat >"$file" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: sudoku_ext
Upstream-Contact: ${maintainer}

Files: *
Copyright: ${year} ${maintainer% <*}
License: Expat

License: Expat
EOF
    sed -n '/^Permission/,$p' "$ROOT/LICENSE" | debian_fold >>"$file"
}

# The changelog entry of this package version (Debian's changelog format).
write_changelog() {
    local major="$1" maintainer="$2" epoch="$3"
    cat <<EOF
sudoku-ext ($(deb_version "$VERSION" "$REVISION")) unstable; urgency=medium

  * sudoku_ext ${VERSION} for PostgreSQL ${major}, packaged from the release
    build of scripts/package.sh.

 -- ${maintainer}  $(date -u -R -d "@$epoch")
EOF
}

# The paths of the files (not directories) of package $1, as dpkg-deb -c lists them.
deb_files() {
    dpkg-deb -c "$1" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' | sort
}

# The Debian layout of major $1's $2 (pkglibdir or sharedir): Debian's pg_config of the
# system PostgreSQL with its major replaced.
debian_dir() {
    local dir
    dir="$("/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" "--$2")/"
    dir="${dir//\/${PG_MAJOR}\//\/$1\/}"
    echo "${dir%/}"
}

# Major $1's package holds exactly: the library in Debian's pkglibdir, the archive's
# control file and SQL scripts in Debian's sharedir/extension, the two doc files and the
# lintian override.
test_file_list() {
    local major="$1" deb expected name
    deb="$(deb_file "$major")"
    name="$(archive_name "$major")"
    expected="$(
        echo "$(debian_dir "$major" pkglibdir)/sudoku_ext.so"
        tar -tzf "$OUT/$name.tar.gz" "$name/share/extension" | sed -n 's|.*/share/extension/\(.\+\)$|\1|p' |
            sed "s|^|$(debian_dir "$major" sharedir)/extension/|"
        echo "/usr/share/doc/$(package_name "$major")/copyright"
        echo "/usr/share/doc/$(package_name "$major")/changelog.Debian.gz"
        echo "/usr/share/lintian/overrides/$(package_name "$major")"
    )"
    if diff <(echo "$expected" | sort) <(deb_files "$deb") >&2; then
        echo "PostgreSQL $major: the package's files are where Debian's pg_config puts them ($(deb_files "$deb" | wc -l) files): ok" >&2
    else
        echo "PostgreSQL $major: the package's file list differs from the expected one (above)" >&2
        return 1
    fi
}

# Major $1's package unpacked into a pristine relocatable server (packaging.sh).
test_unpacked() {
    local major="$1"
    UNPACK_DEB="$(deb_file "$major")"
    UNPACK_MAJOR="$major"
    check_fresh_server "$major" "$(basename "$UNPACK_DEB") unpacked" install_unpacked_deb
}

install_unpacked_deb() {
    local tmp rc=0
    tmp="$(mktemp -d /tmp/sudoku_ext_debx.XXXXXX)"
    dpkg-deb -x "$UNPACK_DEB" "$tmp" &&
        install -m 644 "$tmp$(debian_dir "$UNPACK_MAJOR" pkglibdir)/sudoku_ext.so" "$1/" &&
        install -m 644 "$tmp$(debian_dir "$UNPACK_MAJOR" sharedir)"/extension/* "$2/extension/" || rc=1
    rm -rf "$tmp"
    return $rc
}

# Where the files of the system server's directories are kept while the package test
# runs (outside /tmp: a killed run leaves them there, and the next run puts them back).
SAVED="${PG_CACHE}/deb-test-saved"

# The sudoku_ext files in the system server's directories (put there by cargo pgrx
# install, the package, or nothing).
system_files() {
    local pkglibdir sharedir
    pkglibdir="$("$PG_CONFIG" --pkglibdir)"
    sharedir="$("$PG_CONFIG" --sharedir)"
    find "$pkglibdir" "$sharedir/extension" -maxdepth 1 -name 'sudoku_ext*' -type f | sort
}

# A snapshot of the package's installed files and its status (content, size, times, inode).
installed_state() {
    local pkg="$1"
    dpkg-query -W -f='${Status} ${Version}\n' "$pkg" 2>&1
    dpkg -L "$pkg" 2>&1 | sort | while read -r path; do
        [ -f "$path" ] && stat -c '%n %s %a %Y %Z %i' "$path" && md5sum "$path"
    done
}

# Removes the package when installed, then puts back the files moved aside by an
# earlier run of the test that did not finish.
restore_system() {
    local pkg="$1" file
    if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed'; then
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 remove -y -qq "$pkg" >/dev/null || return 1
    fi
    if [ -d "$SAVED" ]; then
        while read -r file; do
            [ -n "$file" ] || continue
            [ -e "$SAVED/root$file" ] || continue
            mv -f "$SAVED/root$file" "$file" || return 1
        done <"$SAVED/list"
        rm -rf "$SAVED"
        echo "put back what was installed before: $(cd / && system_files | wc -l) sudoku_ext files" >&2
    fi
}

# A stand-in for the last release's package of major $1, written to $2: this package
# relabelled with the last release's version, without this version's scripts, its control
# file naming that version (what the last release's package held, laid out the same way).
make_previous_deb() {
    local major="$1" out="$2" last tmp extdir
    last="$(last_release)"
    [ -n "$last" ] || return 1
    tmp="$(mktemp -d /tmp/sudoku_ext_debprev.XXXXXX)"
    extdir="$tmp/root/usr/share/postgresql/$major/extension"
    dpkg-deb -R "$(deb_file "$major")" "$tmp/root" &&
        rm -f "$extdir/sudoku_ext--${VERSION}.sql" "$extdir"/sudoku_ext--*--"${VERSION}".sql &&
        sed -i "s/^default_version = .*/default_version = '${last}'/" "$extdir/sudoku_ext.control" &&
        sed -i "s/^Version: .*/Version: $(deb_version "$last" 1)/" "$tmp/root/DEBIAN/control" &&
        (cd "$tmp/root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$tmp/root/DEBIAN/md5sums" &&
        dpkg-deb --root-owner-group --build "$tmp/root" "$out" >/dev/null || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
}

# apt upgrades the last release's package (make_previous_deb) to this one: the new
# version is installed and its files are exactly this package's.
test_upgrade() {
    local major="$1" pkg deb previous tmp rc=0 out
    pkg="$(package_name "$major")"
    deb="$(deb_file "$major")"
    tmp="$(mktemp -d /tmp/sudoku_ext_debup.XXXXXX)"
    previous="$tmp/${pkg}_$(deb_version "$(last_release)" 1)_${DEB_ARCH}.deb"
    make_previous_deb "$major" "$previous" || { rm -rf "$tmp"; return 1; }
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 install -y -qq "$previous" >/dev/null 2>&1 || rc=1
    out="$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 install -y "$deb" 2>&1)" || rc=1
    if [ $rc -eq 0 ] && echo "$out" | grep -q "^1 upgraded, 0 newly installed" &&
        [ "$(dpkg-query -W -f='${Status} ${Version}' "$pkg")" = "install ok installed $(deb_version "$VERSION" "$REVISION")" ] &&
        diff <(deb_files "$deb") <(dpkg -L "$pkg" | while read -r path; do [ ! -f "$path" ] || echo "$path"; done | sort) >&2; then
        echo "PostgreSQL $major: apt upgraded $(basename "$previous") (a stand-in: this package relabelled, without ${VERSION}'s scripts) to $(basename "$deb"): ok" >&2
    else
        echo "PostgreSQL $major: the upgrade from $(basename "$previous") failed:" >&2
        echo "$out" >&2
        rc=1
    fi
    rm -rf "$tmp"
    return $rc
}

# The PostgreSQL 15 package through apt, into the system server (see the header).
test_system() {
    local major="$1" pkg deb rc=0 before after out left
    pkg="$(package_name "$major")"
    deb="$(deb_file "$major")"
    use_major "$major"
    restore_system "$pkg" || return 1
    # Moved aside (mv keeps the library file that running backends have mapped).
    mkdir -p "$SAVED/root"
    system_files >"$SAVED/list"
    while read -r file; do
        [ -n "$file" ] || continue
        mkdir -p "$SAVED/root$(dirname "$file")"
        mv "$file" "$SAVED/root$file"
    done <"$SAVED/list"
    trap "cluster_stop_all; restore_system $pkg" EXIT
    echo "moved aside what was installed before: $(wc -l <"$SAVED/list") sudoku_ext files" >&2

    say "apt-get install ./$(basename "$deb")"
    (cd "$(dirname "$deb")" && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 install -y \
        "./$(basename "$deb")") >&2 || rc=1
    if [ "$(dpkg-query -W -f='${Status} ${Version}' "$pkg" 2>/dev/null)" = "install ok installed $(deb_version "$VERSION" "$REVISION")" ]; then
        echo "PostgreSQL $major: apt-get install ./$(basename "$deb"): installed" >&2
    else
        echo "PostgreSQL $major: $pkg is not installed after apt-get install" >&2
        rc=1
    fi
    if [ $rc -eq 0 ]; then
        start_cluster
        trap "cluster_stop_all; restore_system $pkg" EXIT
        check_extension "PostgreSQL $major (system server), installed with apt" psql_pg || rc=1
        stop_cluster
    fi

    before="$(installed_state "$pkg")"
    out="$(DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 install -y "$deb" 2>&1)" || rc=1
    after="$(installed_state "$pkg")"
    if [ "$before" = "$after" ] && echo "$out" | grep -q "0 upgraded, 0 newly installed, 0 to remove"; then
        echo "PostgreSQL $major: installing the same version again changed nothing (apt: $(echo "$out" | grep 'upgraded,')): ok" >&2
    else
        echo "PostgreSQL $major: installing the same version again changed something:" >&2
        echo "$out" >&2
        diff <(echo "$before") <(echo "$after") >&2 || true
        rc=1
    fi

    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 remove -y -qq "$pkg" >/dev/null || rc=1
    test_upgrade "$major" || rc=1

    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0 remove -y "$pkg" >&2 || rc=1
    left="$(deb_files "$deb" | while read -r path; do [ ! -e "$path" ] || echo "$path"; done
        [ ! -e "/usr/share/doc/$pkg" ] || echo "/usr/share/doc/$pkg"
        system_files)"
    if [ -z "$left" ] && ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -qE 'ok (installed|config-files|half)'; then
        echo "PostgreSQL $major: apt-get remove left none of the package's files: ok" >&2
    else
        echo "PostgreSQL $major: after apt-get remove, still there: ${left:-(its dpkg status)}" >&2
        rc=1
    fi
    trap cluster_stop_all EXIT # lib.sh's own again
    restore_system "$pkg" || rc=1
    return $rc
}

# Every version that has a script in sql/, and this one, in semver order.
release_versions() {
    {
        (cd "$ROOT/sql" && ls sudoku_ext--*.sql) | sed -e 's/^sudoku_ext--//' -e 's/\.sql$//' | tr -s '-' '\n'
        echo "$VERSION"
    } | sort -u -V
}

# The release before this version (empty when there is none).
last_release() { release_versions | grep -B1 -x -F "$VERSION" | grep -v -x -F "$VERSION" || true; }

# The package versions sort as the releases do: every version that has a script in sql/
# and this one, in semver order, each with revisions 1 and 2, then a pre-release of the
# next minor version and that version; and this package sorts after the last release's.
test_versions() {
    local versions=() debs=() i rc=0 next last
    mapfile -t versions < <(release_versions)
    last="$(last_release)"
    next="$(echo "${versions[-1]}" | awk -F. '{ print $1 "." $2 + 1 ".0" }')"
    for ((i = 0; i < ${#versions[@]}; i++)); do
        debs+=("$(deb_version "${versions[i]}" 1)" "$(deb_version "${versions[i]}" 2)")
    done
    debs+=("$(deb_version "${next}-rc.1" 1)" "$(deb_version "$next" 1)")
    for ((i = 0; i + 1 < ${#debs[@]}; i++)); do
        dpkg --compare-versions "${debs[i]}" lt "${debs[i + 1]}" || {
            echo "dpkg does not sort ${debs[i]} before ${debs[i + 1]}" >&2
            rc=1
        }
    done
    [ $rc -ne 0 ] || echo "package versions sort as the releases do: ${debs[*]}: ok" >&2
    if [ -n "$last" ] && dpkg --compare-versions "$(deb_version "$VERSION" "$REVISION")" gt "$(deb_version "$last" 1)"; then
        echo "$(deb_version "$VERSION" "$REVISION") upgrades the last release's package, $(deb_version "$last" 1): ok" >&2
    else
        echo "$(deb_version "$VERSION" "$REVISION") does not sort after the last release's package (${last:-none found})" >&2
        rc=1
    fi
    return $rc
}

ensure_deb_tools
ensure_packages
failed=0
for major in "${MAJORS[@]}"; do
    if [ -n "$TEST" ]; then
        say "Debian package for PostgreSQL $major"
        # Built again when older than the archive it comes from (build_deb runs lintian).
        { [ "$(deb_file "$major")" -nt "$OUT/$(archive_name "$major").tar.gz" ] && lint_deb "$(deb_file "$major")" ||
            build_deb "$major"; } &&
            test_file_list "$major" &&
            if [ "$major" = "$PG_MAJOR" ]; then test_system "$major"; else test_unpacked "$major"; fi ||
            { echo "Debian package test for PostgreSQL $major: FAILED" >&2; failed=$((failed + 1)); }
    else
        build_deb "$major" || { echo "Debian package for PostgreSQL $major: FAILED" >&2; failed=$((failed + 1)); }
    fi
done
if [ -n "$TEST" ]; then
    test_versions || failed=$((failed + 1))
fi
[ "$failed" -eq 0 ]
