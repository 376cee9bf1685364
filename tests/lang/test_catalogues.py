"""Each language's catalogue translates every sentence extracted from the code now, with the same
placeholders; English needs no catalogue and is the text as written."""

import pytest

import lang
from lang import LANGUAGES, tool
from lang.domains import DOMAINS


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_sentence_is_translated(domain):
    fresh = tool.template(domain)
    found = [problem for language in LANGUAGES for problem in tool.problems(language, domain, fresh)]
    assert found == [], f"{len(found)} problems in the {domain} catalogues:\n" + "\n".join(found[:40])


def test_english_is_as_written():
    with lang.using("en"):
        assert lang.tr("It is not your turn.") == "It is not your turn."
        assert lang.ngettext("{n} card", "{n} cards", 1) == "{n} card"
        assert lang.ngettext("{n} card", "{n} cards", 2) == "{n} cards"


def test_locales_find_their_catalogue():
    assert [lang.code(x) for x in ("de", "de-AT", "es-ES", "es-419", "en-US", "pt-BR", "", None)] == [
        "de", "de", "es", "es", "en", "en", "en", "en"]


def test_the_language_comes_back_after_a_block():
    with lang.using("de"):
        with lang.using("es"):
            assert lang.current() == "es"
        assert lang.current() == "de"
    assert lang.current() == "en"
