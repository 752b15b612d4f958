#!/usr/bin/env python3
"""Writes the small PNG images that the parity corpus (Tests/Scenes) uses.

Standard library only (zlib + struct). Run from anywhere:
    python3 tools/make_corpus_images.py
Images are written to Tests/Scenes/images/. Output is deterministic.
"""
import os
import struct
import zlib
import math

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "Scenes", "images")


def write_png(name, w, h, pixels):
    """pixels: list of rows, each a list of (r, g, b, a) tuples, 0..255 straight alpha."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter: none
        for (r, g, b, a) in row:
            raw += bytes((r, g, b, a))

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    path = os.path.join(OUT, name)
    with open(path, "wb") as f:
        f.write(png)
    return path


def canvas(w, h, fill=(0, 0, 0, 0)):
    return [[fill for _ in range(w)] for _ in range(h)]


def coverage_disc(px, py, cx, cy, r):
    """Approximate area coverage of a disc by 4x4 supersampling (deterministic)."""
    n = 0
    for sy in range(4):
        for sx in range(4):
            x = px + (sx + 0.5) / 4.0
            y = py + (sy + 0.5) / 4.0
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                n += 1
    return n / 16.0


def snowman():
    """Fig 4.11/4.12: an image with transparent parts (two discs and a hat), 48x64."""
    w, h = 48, 64
    img = canvas(w, h)
    for y in range(h):
        for x in range(w):
            c = max(coverage_disc(x, y, 24, 46, 16), coverage_disc(x, y, 24, 20, 11))
            if c > 0:
                shade = 255 - int(40 * (y / h))
                img[y][x] = (shade, shade, 255, int(round(255 * c)))
            # hat: a small dark rectangle on top of the head
            if 15 <= x < 33 and 6 <= y < 9:
                img[y][x] = (40, 40, 40, 255)
            if 18 <= x < 30 and 0 <= y < 7:
                img[y][x] = (40, 40, 40, 255)
    # eyes and buttons: opaque dark pixels
    for (ex, ey) in ((20, 18), (27, 18), (23, 40), (23, 47), (23, 54)):
        for dy in range(2):
            for dx in range(2):
                img[ey + dy][ex + dx] = (20, 20, 20, 255)
    write_png("snowman.png", w, h, img)


def photo():
    """Fig 4.14: the image to be masked: a colourful 64x64 gradient with stripes."""
    w, h = 64, 64
    img = canvas(w, h)
    for y in range(h):
        for x in range(w):
            r = int(255 * x / (w - 1))
            g = int(255 * y / (h - 1))
            b = 255 - int(128 * (x + y) / (w + h - 2))
            if (x + y) // 8 % 2 == 0:
                r, g, b = r // 2 + 64, g // 2 + 64, b // 2
            # quantised to steps of 16 so the file stays a few KB
            img[y][x] = (r & 0xF0, g & 0xF0, b & 0xF0, 255)
    write_png("photo.png", w, h, img)


def star_mask():
    """Fig 4.14/4.15: a mask image: a five-point star, opaque inside, soft ring of 50% alpha."""
    w, h = 64, 64
    img = canvas(w, h)
    cx, cy = 32.0, 33.0
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rad = 30 if i % 2 == 0 else 12
        pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))

    def inside(x, y):
        c = False
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                c = not c
            j = i
        return c

    for y in range(h):
        for x in range(w):
            n = 0
            for sy in range(4):
                for sx in range(4):
                    if inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4):
                        n += 1
            a = int(round(255 * n / 16))
            # a half-transparent band across the middle of the star shows partial mask alpha
            if 30 <= y < 36:
                a = a // 2
            if a:
                img[y][x] = (0, 0, 0, a)
    write_png("star_mask.png", w, h, img)


# 3x5 seven-segment style glyphs; each digit cell is 4x7 pixels (1px margin around).
SEGMENTS = {
    "a": [(0, 0), (1, 0), (2, 0)],
    "b": [(2, 0), (2, 1), (2, 2)],
    "c": [(2, 2), (2, 3), (2, 4)],
    "d": [(0, 4), (1, 4), (2, 4)],
    "e": [(0, 2), (0, 3), (0, 4)],
    "f": [(0, 0), (0, 1), (0, 2)],
    "g": [(0, 2), (1, 2), (2, 2)],
}
DIGITS = ["abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg"]


def digits():
    """Fig 4.16-4.18: an LCD digit sprite sheet, 10 digits in a row, each 5x7 px (40% green bg)."""
    cw, ch = 5, 7
    w, h = cw * 10, ch
    img = canvas(w, h, (20, 40, 20, 255))
    for d, segs in enumerate(DIGITS):
        for s in segs:
            for (x, y) in SEGMENTS[s]:
                img[y + 1][d * cw + x + 1] = (120, 255, 120, 255)
    write_png("digits.png", w, h, img)


def nine_slice():
    """contentsCenter: a 24x24 button image: 8px rounded dark corners, light fill, 2px border."""
    w, h = 24, 24
    img = canvas(w, h)
    r = 8.0
    for y in range(h):
        for x in range(w):
            # distance to the rounded rect inset
            qx = max(abs(x + 0.5 - 12) - (12 - r), 0)
            qy = max(abs(y + 0.5 - 12) - (12 - r), 0)
            d = math.hypot(qx, qy) - r
            if d > 0.5:
                continue
            a = int(round(255 * min(1.0, 0.5 - d)))
            if d > -2:
                img[y][x] = (30, 60, 160, a)
            else:
                img[y][x] = (170, 200, 255, 255)
    # a marker dot in the centre region so stretching is visible
    img[11][11] = img[11][12] = img[12][11] = img[12][12] = (255, 80, 80, 255)
    write_png("nine_slice.png", w, h, img)


def gravity_marker():
    """contentsGravity: a 32x24 asymmetric image: red top-left quadrant, an arrow pointing up."""
    w, h = 32, 24
    img = canvas(w, h, (250, 230, 120, 255))
    for y in range(h):
        for x in range(w):
            if x < 8 and y < 6:
                img[y][x] = (220, 30, 30, 255)   # top-left marker (image top-left)
            if x >= 24 and y >= 18:
                img[y][x] = (30, 30, 220, 255)   # bottom-right marker
            # arrow pointing to the image top, centred
            if 14 <= x < 18 and 8 <= y < 20:
                img[y][x] = (20, 20, 20, 255)
            if 3 <= y < 8 and abs(x + 0.5 - 16) <= (y - 2):
                img[y][x] = (20, 20, 20, 255)
    write_png("gravity_marker.png", w, h, img)


def edges():
    """contentsRect outside [0,1]: 16x16 image whose four edges have distinct colours."""
    w, h = 16, 16
    img = canvas(w, h, (255, 255, 255, 255))
    for y in range(h):
        for x in range(w):
            if y == 0:
                img[y][x] = (230, 30, 30, 255)
            elif y == h - 1:
                img[y][x] = (30, 30, 230, 255)
            elif x == 0:
                img[y][x] = (30, 180, 30, 255)
            elif x == w - 1:
                img[y][x] = (230, 160, 20, 255)
            elif (x // 4 + y // 4) % 2:
                img[y][x] = (200, 200, 200, 255)
    write_png("edges.png", w, h, img)


def checker():
    """Filters: a 128x128 image of 1px black/white stripes and a 4px checker (aliasing when minified)."""
    w, h = 128, 128
    img = canvas(w, h)
    for y in range(h):
        for x in range(w):
            if y < 64:
                v = 255 if x % 2 == 0 else 0          # 1px vertical stripes
                img[y][x] = (v, v, v, 255)
            else:
                v = 255 if (x // 4 + y // 4) % 2 == 0 else 30
                img[y][x] = (v, v // 2 + 40, 40, 255)
    write_png("checker.png", w, h, img)


def retina_badge():
    """contentsScale: a 64x64 image meant as a 32x32 point @2x badge: ring + 1px grid."""
    w, h = 64, 64
    img = canvas(w, h)
    for y in range(h):
        for x in range(w):
            d = math.hypot(x + 0.5 - 32, y + 0.5 - 32)
            if d <= 31:
                img[y][x] = (255, 140, 0, 255) if d > 26 else ((250, 250, 250, 255) if (x + y) % 2 else (60, 60, 60, 255))
    write_png("retina_badge.png", w, h, img)


def tiny_dot():
    """data: URI source: a 4x4 image; printed as base64 for embedding."""
    w, h = 4, 4
    img = canvas(w, h)
    cols = [(255, 0, 0, 255), (0, 200, 0, 255), (0, 0, 255, 255), (255, 255, 0, 128)]
    for y in range(h):
        for x in range(w):
            img[y][x] = cols[(x // 2) + 2 * (y // 2)]
    return write_png("tiny_quad.png", w, h, img)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    snowman()
    photo()
    star_mask()
    digits()
    nine_slice()
    gravity_marker()
    edges()
    checker()
    retina_badge()
    p = tiny_dot()
    import base64
    with open(p, "rb") as f:
        print("tiny_quad.png data URI: data:image/png;base64," + base64.b64encode(f.read()).decode())
    for n in sorted(os.listdir(OUT)):
        print(n, os.path.getsize(os.path.join(OUT, n)))
