"""The catalogs are complete and sound: every message of every template is translated
in el, cs and de, no translation drops, adds or changes a placeholder, the templates
are those the code gives today (``make i18n-extract``), and two domains never
translate the same message differently."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .catalogs import LANGS, PENDING, catalog, domains, fields, ids, key, root, strings, template

DOMAINS = [d for d in domains() if d not in PENDING]


def test_the_domains_are_there() -> None:
    assert "civtable" in DOMAINS and "catan-deckbuilding" in DOMAINS


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(domain: str, lang: str) -> None:
    po = catalog(lang, domain)
    have = {key(m): m for m in po if m.id}
    missing, fuzzy, empty = [], [], []
    for m in template(domain):
        if not m.id:
            continue
        found = have.get(key(m))
        if found is None:
            missing.append(key(m))
        elif found.fuzzy:
            fuzzy.append(key(m))
        elif not all(s.strip() for s in strings(found)) or len(strings(found)) != (
                po.num_plurals if found.pluralizable else 1):
            empty.append(key(m))
    assert not missing, f"{lang}/{domain}: not in the catalog (make i18n-update): {missing[:5]}"
    assert not fuzzy, f"{lang}/{domain}: fuzzy (check and clear the flag): {fuzzy[:5]}"
    assert not empty, f"{lang}/{domain}: untranslated: {empty[:5]}"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_kept(domain: str, lang: str) -> None:
    """Every field of the English text is in the translation, none is added, each with
    the same kind ({victim:player} stays a player; a translation may add a case,
    {victim:player:acc}, and gives a count's noun in its own forms)."""
    wrong = []
    for m in catalog(lang, domain):
        if not m.id or not all(strings(m)):
            continue
        wanted: dict[str, str] = {}
        for source in ids(m):
            wanted.update(fields(source))
        for text in strings(m):
            try:
                got = fields(text)
            except ValueError as e:
                wrong.append((m.id, text, str(e)))
                continue
            if got != wanted:
                wrong.append((m.id, text, f"fields {got} instead of {wanted}"))
    assert not wrong, f"{lang}/{domain}: " + "; ".join(f"{w[0]!r} -> {w[1]!r}: {w[2]}" for w in wrong[:5])


def test_the_placeholder_check_fails_on_a_dropped_field() -> None:
    assert fields("{player:Player} zieht {n:count:Karte:Karten}.") != fields("{player:Player} draws a card.")
    assert fields("{victim:player:acc}") == fields("{victim:player}")
    assert fields("{card:card}") != fields("{card:player}")


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_languages(lang: str) -> None:
    po = catalog(lang, "civtable")
    assert po.num_plurals == {"el": 2, "cs": 3, "de": 2}[lang]
    assert po.plural_expr


def test_domains_agree_on_shared_messages() -> None:
    """The catalogs of a language are read together: a message in two domains must
    have one translation."""
    for lang in LANGS:
        seen: dict[tuple[str | None, str], tuple[str, list[str]]] = {}
        for domain in DOMAINS:
            for m in catalog(lang, domain):
                if not m.id:
                    continue
                k = key(m)
                if k in seen and seen[k][1] != strings(m):
                    raise AssertionError(f"{lang}: {k!r} is {seen[k][1]} in {seen[k][0]} but {strings(m)} in {domain}")
                seen[k] = (domain, strings(m))


def _extracted(tmp: Path) -> None:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    bindir = str(Path(sys.executable).parent)
    run = subprocess.run([make, "-s", "-C", str(root().parents[1]), "i18n-extract", f"LOCALE={tmp}", f"BIN={bindir}"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]


def test_templates_are_up_to_date(tmp_path: Path) -> None:
    """The committed templates hold exactly the messages the code, the pages, the
    scripts and the data files give now: a new message fails here until
    ``make i18n`` brings it into the catalogs."""
    _extracted(tmp_path)
    from babel.messages.pofile import read_po

    for domain in DOMAINS:
        with (tmp_path / f"{domain}.pot").open("rb") as f:
            fresh = {key(m) for m in read_po(f) if m.id}
        committed = {key(m) for m in template(domain) if m.id}
        assert fresh == committed, (f"{domain}: run 'make i18n' (new: {sorted(fresh - committed, key=str)[:5]}, "
                                    f"gone: {sorted(committed - fresh, key=str)[:5]})")


def test_no_untranslated_message_in_a_game_pending_translation_goes_unnoticed() -> None:
    """A game listed as pending has no catalogs yet; once it has one it must leave
    the list (so that its messages are checked)."""
    for domain in PENDING:
        assert not any((root() / lang / "LC_MESSAGES" / f"{domain}.po").exists() for lang in LANGS), (
            f"{domain} has catalogs: remove it from PENDING in tests/i18n/catalogs.py")


def test_catalog_headers_name_the_language() -> None:
    for domain in DOMAINS:
        for lang in LANGS:
            text = (root() / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
            assert re.search(rf'"Language: {lang}\\n"', text)


def test_no_message_hides_in_an_f_string() -> None:
    """Python 3.11's tokenizer gives an f-string as one token, so a message written
    inside one (f"{tr.t('no cards')}") is never extracted and stays English."""
    import tokenize

    call = re.compile(r"""\b(tr\.(t|nt|pt|gettext|ngettext|pgettext|npgettext)|_|N_|NN_|NP_)\(\s*['"]""")
    hidden = []
    for path in sorted((root().parent).rglob("*.py")):
        with path.open("rb") as f:
            for token in tokenize.tokenize(f.readline):
                if token.type == tokenize.STRING and re.match(r"[rRbBuU]*[fF]", token.string) and call.search(token.string):
                    hidden.append(f"{path.name}:{token.start[0]}")
    assert not hidden, f"messages inside f-strings: {hidden}"
