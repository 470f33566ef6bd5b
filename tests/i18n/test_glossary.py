"""The games' own words: each glossary (``civtable/locale/glossary/<domain>.yaml``)
names every term in every language, the card names of the catalog are the glossary's,
and every message whose English text uses a term uses it in every translation."""

from __future__ import annotations

import re

import pytest

from .catalogs import LANGS, catalog, domains, glossary, glossary_domains, ids, strings

QUOTED = re.compile(r"'[^']*'|\{[^}]*\}|--[\w-]+")
"""Commands in quotes ('play ore', 'lay sea'), placeholders ({player:Player}) and
command-line options (--record) are not words of the text: not terms."""


def test_every_translated_domain_has_a_glossary() -> None:
    assert set(glossary_domains()) >= {"civtable", "catan-deckbuilding"}
    for domain in glossary_domains():
        assert domain in domains(), f"glossary {domain}.yaml names no catalog"


@pytest.mark.parametrize("domain", glossary_domains())
def test_glossary_is_complete(domain: str) -> None:
    data = glossary(domain)
    assert data["domain"] == domain and data["source"] in ("en", *LANGS)
    seen = set()
    for term in data["terms"]:
        assert term["id"] not in seen, f"{domain}: term {term['id']} twice"
        seen.add(term["id"])
        for lang in ("en", *LANGS):
            forms = term.get(lang)
            assert isinstance(forms, list) and forms and all(isinstance(f, str) and f for f in forms), (
                f"{domain}: term {term['id']} has no {lang}")
            for form in forms:
                re.compile(form)


@pytest.mark.parametrize("domain", glossary_domains())
@pytest.mark.parametrize("lang", LANGS)
def test_card_names_are_the_glossarys(domain: str, lang: str) -> None:
    """A card's name (msgctxt: the game) is translated exactly as its glossary row says."""
    po = catalog(lang, domain)
    names = {m.id: m.string for m in po if m.id and m.context == domain}
    for term in glossary(domain)["terms"]:
        if not term.get("card"):
            continue
        english = term["en"][0].replace("s?", "").replace("\\", "")  # 'Knights? \(Defensive\)' -> the name
        assert english in names, f"{domain}: the card {english!r} is not in the catalog"
        assert names[english] == re.sub(r"\\", "", term[lang][0]), (
            f"{lang}: {english!r} is {names[english]!r}, the glossary says {term[lang][0]!r}")


@pytest.mark.parametrize("domain", glossary_domains())
@pytest.mark.parametrize("lang", LANGS)
def test_terms_are_used_in_the_catalog(domain: str, lang: str) -> None:
    """Every message whose English text (outside quoted commands) uses a term's English
    form has one of the term's forms in that language in each of its translations."""
    terms = glossary(domain)["terms"]
    wrong = []
    checked = 0
    for m in catalog(lang, domain):
        if not m.id or m.context == domain:
            continue
        english = " ".join(QUOTED.sub("", text) for text in ids(m))
        for term in terms:
            if not any(re.search(form, english) for form in term["en"]):
                continue
            for text in strings(m):
                checked += 1
                if not any(re.search(form, text) for form in term[lang]):
                    wrong.append(f"{term['id']}: {m.id!r} -> {text!r}")
    assert checked >= 10, f"{domain}: only {checked} uses of its terms were checked"
    assert not wrong, f"{lang}/{domain}: {len(wrong)} translations miss a term: " + "; ".join(wrong[:6])


def test_the_term_check_finds_a_missing_term() -> None:
    term = {"en": ["Knights? \\(Offensive\\)"], "de": ["Ritter \\(Offensiv\\)"]}
    assert re.search(term["en"][0], "play Knight (Offensive)")
    assert not re.search(term["de"][0], "Angreifer ausspielen")
