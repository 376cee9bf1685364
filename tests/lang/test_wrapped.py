"""Every sentence that reaches a person is wrapped for translation (lang/scan.py says what counts
and what is deliberately left as written), and every module belongs to a catalogue's domain."""

import pytest

from lang import domains, scan


def test_every_module_has_a_domain():
    assert [str(p) for p in domains.python_sources() if domains.domain_of(p) is None] == []


@pytest.mark.parametrize("domain", list(domains.DOMAINS))
def test_sentences_are_wrapped(domain):
    found = [str(u) for p in domains.files(domain) if p.suffix == ".py" for u in scan.unwrapped(p)]
    assert found == [], f"{len(found)} sentences of {domain} not wrapped for translation:\n" + "\n".join(found[:40])


def test_the_check_finds_what_it_should():
    assert scan.is_sentence("It is not your turn.")
    assert scan.is_sentence("Join")
    assert scan.is_sentence("{name} built a road at {where}.")
    assert not scan.is_sentence("road 12-13")
    assert not scan.is_sentence("{name}")
    assert not scan.is_sentence("isles:mv")
