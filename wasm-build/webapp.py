"""The installable app's images: rasterised at build time from our own SVG artwork.

``web/manifest.webmanifest`` (the web app manifest) names PNG icons that are
not in ``web/``: browsers want bitmaps at fixed sizes for the home screen,
the app launcher and the install sheet.  ``write_app_images`` draws each one
listed in ``RASTERS`` from ``web/icons/brewhouse.svg`` and ``web/img/*.svg``
with CairoSVG, then ``check_manifest`` proves that every image the manifest
names exists at the size it declares, so the manifest and the images cannot
drift apart.

Same sources, same bytes: CairoSVG writes no timestamp, and the SVG wrappers
below are plain text built from fixed numbers.
"""
from __future__ import annotations

import json
import re
import struct
from dataclasses import dataclass
from pathlib import Path

#: the manifest, as served (its MIME type is set in netlify.toml and serve.py)
MANIFEST = "manifest.webmanifest"
#: where the generated images go, under dist/
APP_DIR = "icons/app"
#: the cream of our artwork (web/img/seize.svg's card): the icons' tile
TILE = "#f6e7d3"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Raster:
    """One PNG drawn from an SVG of ``web/``.

    ``style``: ``"tile"`` puts the artwork on a rounded cream tile with
    transparent corners (the plain icon); ``"full"`` fills the whole square
    with the tile colour and keeps the artwork inside the central safe zone
    (a maskable icon, whose corners the launcher cuts to its own shape, and
    Apple's touch icon, which iOS rounds itself and which must be opaque);
    ``"as-is"`` draws the SVG alone (the game pictures are tiles already).
    ``art``: the artwork's share of the side; ``focus``: the point of the
    source's viewBox put at the centre (the cup's handle sits on the right,
    so its middle is not the viewBox's).
    """
    source: str
    size: int
    style: str = "as-is"
    art: float = 1.0
    focus: tuple[float, float] | None = None


BREWHOUSE = "icons/brewhouse.svg"
CUP_FOCUS = (36.0, 29.5)  # the middle of the steaming cup in brewhouse.svg's 64×64 viewBox
RASTERS: dict[str, Raster] = {
    f"{APP_DIR}/icon-192.png": Raster(BREWHOUSE, 192, "tile", art=0.74, focus=CUP_FOCUS),
    f"{APP_DIR}/icon-512.png": Raster(BREWHOUSE, 512, "tile", art=0.74, focus=CUP_FOCUS),
    # the maskable safe zone is the centred circle of 80 % of the side: the cup stays inside it
    f"{APP_DIR}/maskable-192.png": Raster(BREWHOUSE, 192, "full", art=0.58, focus=CUP_FOCUS),
    f"{APP_DIR}/maskable-512.png": Raster(BREWHOUSE, 512, "full", art=0.58, focus=CUP_FOCUS),
    f"{APP_DIR}/apple-touch-icon.png": Raster(BREWHOUSE, 180, "full", art=0.74, focus=CUP_FOCUS),
    # the shortcuts' icons: each game's own picture
    f"{APP_DIR}/seize-96.png": Raster("img/seize.svg", 96),
    f"{APP_DIR}/cafe-96.png": Raster("img/cafe.svg", 96),
    f"{APP_DIR}/rush-96.png": Raster("img/rush.svg", 96),
}

_SVG_OPEN = re.compile(r"^\s*<svg\b[^>]*>", re.S)
_SVG_CLOSE = re.compile(r"</svg>\s*$", re.S)
_VIEWBOX = re.compile(r'viewBox="([-\d.\s]+)"')


def _number(value: float) -> str:
    """A coordinate written the same way on every machine (no float repr noise)."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def wrapped_svg(source_text: str, raster: Raster) -> str:
    """The SVG to draw for ``raster``: the source itself, or the source nested in a tile."""
    if raster.style == "as-is":
        return source_text
    viewbox = [float(v) for v in _VIEWBOX.search(source_text).group(1).split()]
    inner = _SVG_CLOSE.sub("", _SVG_OPEN.sub("", source_text))
    size = raster.size
    fx, fy = raster.focus or (viewbox[0] + viewbox[2] / 2, viewbox[1] + viewbox[3] / 2)
    # the nested viewBox keeps the source's scale and moves its focus to the middle
    box = [fx - viewbox[2] / 2, fy - viewbox[3] / 2, viewbox[2], viewbox[3]]
    side = size * raster.art
    offset = (size - side) / 2
    radius = size * 0.22 if raster.style == "tile" else 0
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
            f'<rect width="{size}" height="{size}" rx="{_number(radius)}" fill="{TILE}"/>'
            f'<svg x="{_number(offset)}" y="{_number(offset)}" width="{_number(side)}" height="{_number(side)}" '
            f'viewBox="{" ".join(map(_number, box))}">{inner}</svg></svg>')


def rasterise(svg_text: str, size: int) -> bytes:
    import cairosvg  # a dev extra (pyproject.toml): only the build needs it

    return cairosvg.svg2png(bytestring=svg_text.encode(), output_width=size, output_height=size)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk); ValueError if it is no PNG."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def write_app_images(web: Path, out: Path) -> list[str]:
    """Draw every image of ``RASTERS`` from ``web/`` into ``out``; the paths written."""
    for rel, raster in RASTERS.items():
        png = rasterise(wrapped_svg((web / raster.source).read_text(), raster), raster.size)
        if png_size(png) != (raster.size, raster.size):
            raise ValueError(f"{rel}: drawn at {png_size(png)}, not {raster.size}×{raster.size}")
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
    return list(RASTERS)


def manifest_images(manifest: dict) -> list[dict]:
    """Every image entry of a web app manifest: its icons, its shortcuts' icons and its screenshots."""
    images = list(manifest.get("icons", [])) + list(manifest.get("screenshots", []))
    for shortcut in manifest.get("shortcuts", []):
        images += shortcut.get("icons", [])
    return images


def check_manifest(out: Path) -> None:
    """Fail unless every image the built manifest names is a PNG of ``out`` at its declared size."""
    manifest = json.loads((out / MANIFEST).read_text())
    for image in manifest_images(manifest):
        path = out / image["src"]
        if not path.is_file():
            raise ValueError(f"{MANIFEST} names {image['src']}, which the build does not make")
        if image.get("type") != "image/png":
            raise ValueError(f"{MANIFEST}: {image['src']} must be declared as image/png")
        width, height = png_size(path.read_bytes())
        if image.get("sizes") != f"{width}x{height}":
            raise ValueError(f"{MANIFEST}: {image['src']} is {width}x{height}, declared {image.get('sizes')}")
