"""Messages of the web app's catalogues as the tests read them.

A message is a string, or its plural forms keyed by Intl.PluralRules
categories, e.g. {"one": "{count} card", "other": "{count} cards"}
(web/js/i18n.js picks the form by params.count; "other" is the fallback).
"""
from __future__ import annotations

#: every category Intl.PluralRules knows; a language uses some of them
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def forms(message: str | dict[str, str]) -> list[str]:
    """Every text a message can show: the string itself, or each of its plural forms."""
    return list(message.values()) if isinstance(message, dict) else [message]


def general_form(message: str | dict[str, str]) -> str:
    """The text shown when no count decides: the string, or the "other" form."""
    return message["other"] if isinstance(message, dict) else message
