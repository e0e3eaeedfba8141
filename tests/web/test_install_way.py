"""How each browser installs the app (web/js/install.js installWay), under Node.

Chromium browsers fire beforeinstallprompt (the home page then offers its
button); Safari installs from its own menus (the page says where); inside the
installed app, and in browsers that cannot install it, the page says nothing.
"""
from __future__ import annotations

import json

import pytest

from support.node import run_module

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
IPHONE_CHROME = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1")
#: iPadOS asks for desktop sites: it calls itself a Mac, with a touch screen
IPAD = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/18.1 Safari/605.1.15")
MAC_SAFARI = IPAD
MAC_SAFARI_16 = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/16.6 Safari/605.1.15")
MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0"
LINUX_FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
ANDROID_CHROME = ("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/131.0.0.0 Mobile Safari/537.36")


def way(**browser) -> str | None:
    return run_module(f"""
        import {{ installWay }} from "./web/js/install.js";
        console.log(JSON.stringify(installWay({json.dumps(browser)})));""")


@pytest.mark.parametrize("browser, expected", [
    ({"userAgent": ANDROID_CHROME, "promptable": True}, "prompt"),
    ({"userAgent": IPHONE}, "ios"),
    ({"userAgent": IPHONE_CHROME}, "ios"),  # every iOS browser installs through Share
    ({"userAgent": IPAD, "maxTouchPoints": 5}, "ios"),
    ({"userAgent": MAC_SAFARI, "maxTouchPoints": 0}, "mac-safari"),
    ({"userAgent": MAC_SAFARI_16}, None),  # Add to Dock came with Safari 17
    ({"userAgent": MAC_FIREFOX}, None),
    ({"userAgent": LINUX_FIREFOX}, None),
    ({"userAgent": IPHONE, "standalone": True}, None),  # the installed app itself
    ({"userAgent": ANDROID_CHROME, "promptable": True, "standalone": True}, None),
])
def test_each_browser_is_told_its_own_way(browser, expected):
    assert way(**browser) == expected
