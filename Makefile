# For PGXN's client (`pgxn install sudoku_ext` runs make, then make install) and anyone used
# to PGXS: `make` builds the release extension for the PostgreSQL of PG_CONFIG with
# cargo-pgrx (Rust and cargo-pgrx 0.18.1 must be installed: docs/install.md); `make install`
# copies what it built into that server's directories, with the install and upgrade scripts
# of the released versions, and needs no Rust; `make uninstall` removes those files.
PG_CONFIG ?= pg_config
BUILD = target/make
PKGLIBDIR = $(shell "$(PG_CONFIG)" --pkglibdir)
EXTDIR = $(shell "$(PG_CONFIG)" --sharedir)/extension

all:
	rm -rf $(BUILD)
	cargo pgrx package --pg-config "$(PG_CONFIG)" --out-dir $(BUILD)

install:
	install -d "$(DESTDIR)$(PKGLIBDIR)" "$(DESTDIR)$(EXTDIR)"
	install -m 755 "$(BUILD)$(PKGLIBDIR)/sudoku_ext.so" "$(DESTDIR)$(PKGLIBDIR)/"
	install -m 644 sql/sudoku_ext--*.sql "$(DESTDIR)$(EXTDIR)/"
	install -m 644 "$(BUILD)$(EXTDIR)"/sudoku_ext* "$(DESTDIR)$(EXTDIR)/"

uninstall:
	rm -f "$(DESTDIR)$(PKGLIBDIR)/sudoku_ext.so" "$(DESTDIR)$(EXTDIR)"/sudoku_ext.control \
		"$(DESTDIR)$(EXTDIR)"/sudoku_ext--*.sql

.PHONY: all install uninstall
