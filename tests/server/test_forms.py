"""The forms' models: every form the browser sends is refused, field by field, with a message that names
the field at fault and quotes no more than an excerpt of what was sent; a good form comes out typed."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from laguna.server import forms
from laguna.server.forms import FormError, validated


@pytest.mark.parametrize(
    ("model", "sent", "message"),
    [
        (forms.TableForm, {}, "the number of players is missing"),
        (forms.TableForm, {"players": "9"}, "the number of players must be a whole number from 1 to 4, not '9'"),
        (forms.TableForm, {"players": "2", "game": "g" * 70}, "the game is too long (at most 64 characters)"),
        (forms.TableForm, {"players": "2", "move_seconds": "5"}, "'5' is not the time per move offered"),
        (forms.SeatForm, {"choice": "friend"}, "'friend' is not the seat offered"),
        (forms.SeatForm, {"choice": "invited", "invited": "n" * 40}, "name is too long (at most 32"),
        (forms.PlayNowForm, {"level": "godlike"}, "'godlike' is not the bots' level offered (easy, medium"),
        (forms.PlayNowForm, {"opponents": "-5"}, "opponents must be a whole number from 0 to 3, not '-5'"),
        (forms.JoinForm, {}, "the seat is missing"),
        (forms.JoinForm, {"seat": "0"}, "the seat must be a whole number from 1 to 4, not '0'"),
        (forms.HandOverForm, {"seat": "2", "level": "x" * 9000}, "is not the bots' level offered"),
        (forms.UnblockForm, {}, "the player must be a whole number from 1 to 2147483647, not ''"),
        (forms.UnblockForm, {"player": "Ada"}, "the player must be a whole number from 1 to 2147483647, not 'Ada'"),
        (forms.TokenForm, {"csrf": "f" * 200}, "the form's token is too long (at most 128 characters)"),
        (forms.LanguageForm, {"code": "x" * 60_000}, "is not a language of Laguna (en, ru)"),
        (forms.AccountForm, {"name": b"Ada"}, "name is not valid here: b'Ada'"),
        (forms.Decision, {"version": 1}, "the seat is missing"),
        (forms.Decision, {"seat": 0, "version": 1, "undo": "yes"}, "undo must be true or false, not 'yes'"),
    ],
)
def test_a_bad_field_is_refused_by_name(model: type[BaseModel], sent: dict[str, Any], message: str) -> None:
    with pytest.raises(FormError) as refused:
        validated(model, sent)
    text = str(refused.value.message)
    assert message in text
    assert len(text) < 200  # an excerpt of what was sent, never all of it


def test_good_forms_come_out_typed() -> None:
    assert validated(forms.TableForm, {"players": " 3 ", "game": "burano"}).players == 3
    assert validated(forms.PlayNowForm, {}).game == "walking-in-burano"
    assert validated(forms.HandOverForm, {"seat": "2", "level": ""}).level == "medium"
    assert validated(forms.DeclineForm, {"block": "yes"}).block
    assert not validated(forms.DeclineForm, {"block": "no"}).block
    assert validated(forms.LanguageForm, {"code": "ru", "back": "//elsewhere.example/"}).back == "/"
    assert validated(forms.LanguageForm, {"code": "en", "back": "/t/abc"}).back == "/t/abc"
    assert validated(forms.UnblockForm, {"player": "7", "csrf": "c"}).player == 7
