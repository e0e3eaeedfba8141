"""Messages of the web app's catalogues as the tests read them.

A message is a string, or its plural forms keyed by Intl.PluralRules
categories, e.g. {"one": "{count} card", "other": "{count} cards"}
(web/js/i18n.js picks the form by params.count; "other" is the fallback).
"""
from __future__ import annotations

#: every category Intl.PluralRules knows; a language uses some of them
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

#: an ES module (run from the repository root) printing every registered catalogue as JSON, {code: {key: message}}:
#: each language of web/js/i18n/index.js loaded as the page loads one
ALL_CATALOGUES_JS = """import * as registered from "./web/js/i18n/index.js";
const all = {};
for (const [code, { load }] of Object.entries(registered)) all[code] = (await load()).default;
console.log(JSON.stringify(all));"""

#: in a page of the built site: one language's catalogue (the argument), as the page loads it
PAGE_CATALOGUE_JS = "lang => import('./js/i18n.js').then((i18n) => i18n.catalogue(lang))"


def forms(message: str | dict[str, str]) -> list[str]:
    """Every text a message can show: the string itself, or each of its plural forms."""
    return list(message.values()) if isinstance(message, dict) else [message]


def general_form(message: str | dict[str, str]) -> str:
    """The text shown when no count decides: the string, or the "other" form."""
    return message["other"] if isinstance(message, dict) else message
