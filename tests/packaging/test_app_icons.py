"""The installable app's icons (wasm-build/webapp.py): drawn from our SVG artwork at
their sizes, the same bytes every time, each one used, and a manifest naming an
image the build does not make (or at another size) stops the build."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))

import webapp  # noqa: E402  (wasm-build/webapp.py)

pytestmark = pytest.mark.build


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """web/ with the icons drawn into it, as the build lays out dist/."""
    out = tmp_path_factory.mktemp("site")
    shutil.copytree(ROOT / "web", out, dirs_exist_ok=True)
    webapp.write_app_images(ROOT / "web", out)
    return out


def test_every_icon_is_drawn_at_its_size_and_the_manifest_matches(site):
    for rel, raster in webapp.RASTERS.items():
        assert webapp.png_size((site / rel).read_bytes()) == (raster.size, raster.size), rel
    webapp.check_manifest(site)  # raises on any mismatch


def test_drawing_again_gives_the_same_bytes(site, tmp_path):
    webapp.write_app_images(ROOT / "web", tmp_path)
    for rel in webapp.RASTERS:
        assert (tmp_path / rel).read_bytes() == (site / rel).read_bytes(), rel


def test_every_icon_drawn_is_used_by_the_manifest_or_the_page():
    manifest = json.loads((ROOT / "web" / webapp.MANIFEST).read_text())
    named = {image["src"] for image in webapp.manifest_images(manifest)}
    page = (ROOT / "web" / "index.html").read_text()
    for rel in webapp.RASTERS:
        assert rel in named or f'href="{rel}"' in page, rel


@pytest.mark.parametrize("change, message", [
    (lambda m: m["icons"][0].update(sizes="256x256"), "is 192x192, declared 256x256"),
    (lambda m: m["icons"][0].update(src="icons/app/icon-1024.png"), "which the build does not make"),
    (lambda m: m["shortcuts"][0]["icons"][0].update(type="image/webp"), "must be declared as image/png"),
])
def test_a_manifest_that_drifts_from_the_images_stops_the_build(site, tmp_path, change, message):
    shutil.copytree(site, tmp_path, dirs_exist_ok=True)
    manifest = json.loads((tmp_path / webapp.MANIFEST).read_text())
    change(manifest)
    (tmp_path / webapp.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match=message):
        webapp.check_manifest(tmp_path)


def test_png_size_reads_the_header_and_refuses_other_files():
    assert webapp.png_size(webapp.PNG_SIGNATURE + b"\0\0\0\rIHDR" + (96).to_bytes(4, "big") * 2) == (96, 96)
    with pytest.raises(ValueError):
        webapp.png_size(b"<svg xmlns='http://www.w3.org/2000/svg'/>")
