"""Quotes of bad values in messages: short, and showing what is not plain ASCII."""

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import WHITESPACE
from royal.excerpt import SHOWN, quoted


@pytest.mark.parametrize(
    "value, shown",
    [
        ("QH", "'QH'"),
        ("Q\u041d", "'Q\\u041d'"),  # a Cyrillic En, which looks like H
        ("\uff31H", "'\\uff31H'"),  # a fullwidth Q
        ("\u0663", "'\\u0663'"),  # an Arabic-Indic three
        ("\u212aH", "'\\u212aH'"),  # the Kelvin sign, which looks like K
        ("\U0001d410H", "'\\U0001d410H'"),  # a mathematical bold Q
        ("Caf\u00e9", "'Caf\\xe9'"),
        ("QH\u3000", "'QH\\u3000'"),  # invisible, as before
        ("Q\u2665", "'Q\u2665'"),  # a symbol looks like no ASCII letter: it stays readable
        ("it's", '"it\'s"'),
        (["Q\u041d", 7], "['Q\\u041d', 7]"),
    ],
)
def test_what_is_not_plain_ascii_is_shown_for_what_it_is(value, shown):
    assert quoted(value) == shown


@given(st.text(max_size=SHOWN))
def test_a_short_text_is_quoted_whole_and_reads_back(text):
    shown = quoted(text)
    assert ast.literal_eval(shown) == text
    assert not any(c.isalnum() and not c.isascii() for c in shown), shown


@given(st.text(st.characters(blacklist_characters="."), min_size=SHOWN + 1))
def test_a_long_text_is_cut_to_whole_characters(text):
    head, tail = quoted(text).split("...")
    shown = ast.literal_eval(head + tail)
    assert len(shown) == SHOWN
    assert text.startswith(shown[: SHOWN // 2]) and text.endswith(shown[SHOWN // 2 :])


def test_a_long_run_of_odd_characters_is_never_cut_inside_an_escape():
    assert quoted("\u3000" * 100) == "'" + "\\u3000" * (SHOWN // 2) + "..." + "\\u3000" * (SHOWN // 2) + "'"
    assert quoted("\u041d" * 100).count("\\u041d") == SHOWN


@given(st.sampled_from(WHITESPACE))
def test_whitespace_other_than_a_space_is_visible(space):
    assert (space in quoted(f"QH{space}")) == (space == " ")
