#!/usr/bin/env python3
"""png_colors.py - what colours a PNG holds, without any library but zlib.

    png_colors.py FILE.png                 width, height, then "RRGGBB count"
                                           for every colour, most frequent first
    png_colors.py FILE.png --crop X Y W H OUT.png
                                           writes that part of the image
    png_colors.py FILE.png --find RRGGBB   "X Y" of the first pixel of that
                                           colour (rows from the top), or nothing
    png_colors.py FILE.png --pixel X Y     that pixel's colour, RRGGBB, and its
                                           luminance (0-255, ITU-R BT.601)
    png_colors.py FILE.png --boards        how many chess boards the image
                                           shows: regions of the report's
                                           square colours (within a tolerance,
                                           as a PDF's rendering shifts them)
                                           at least 40 pixels wide and high,
                                           about as wide as high

The report's browser test (tests/e2e_report.sh) renders a page with
chromium and asks this script whether the board colours are on it.  It
reads the 8-bit RGB and RGBA, non-interlaced PNGs that chromium writes.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit(f'{path}: not a PNG')
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
        pos += 12 + length
    width, height, depth, color_type, _, _, interlace = header
    if depth != 8 or color_type not in (2, 6) or interlace:
        sys.exit(f'{path}: only 8-bit RGB(A) non-interlaced PNGs are read')
    bpp = 4 if color_type == 6 else 3
    raw = zlib.decompress(b''.join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    raw = b''.join(b'\0' + r for r in rows)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


SQUARES = [(0xf0, 0xd9, 0xb5), (0xb5, 0x88, 0x63), (0xf6, 0xf6, 0x69), (0xba, 0xca, 0x2b)]


def boards(width, height, bpp, rows):
    """Regions of square colours, joined across the pieces on them: a cell
    of 4x4 pixels counts when a quarter of its pixels are square colours."""
    step = 4
    gw, gh = width // step, height // step
    grid = bytearray(gw * gh)
    for gy in range(gh):
        for gx in range(gw):
            n = 0
            for dy in range(step):
                r = rows[gy * step + dy]
                for dx in range(step):
                    i = (gx * step + dx) * bpp
                    p = r[i], r[i + 1], r[i + 2]
                    if any(abs(p[0] - c[0]) + abs(p[1] - c[1]) + abs(p[2] - c[2]) < 30 for c in SQUARES):
                        n += 1
            grid[gy * gw + gx] = n >= 4
    seen = bytearray(gw * gh)
    found = 0
    for start in range(gw * gh):
        if not grid[start] or seen[start]:
            continue
        stack, seen[start] = [start], 1
        x0 = y0 = 10 ** 9
        x1 = y1 = -1
        while stack:
            k = stack.pop()
            x, y = k % gw, k // gw
            x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < gw and 0 <= ny < gh and grid[ny * gw + nx] and not seen[ny * gw + nx]:
                    seen[ny * gw + nx] = 1
                    stack.append(ny * gw + nx)
        w, h = (x1 - x0 + 1) * step, (y1 - y0 + 1) * step
        if w >= 40 and h >= 40 and 0.8 < w / h < 1.25:
            found += 1
    return found


def main():
    width, height, bpp, rows = read_png(sys.argv[1])
    if len(sys.argv) > 2 and sys.argv[2] == '--boards':
        print(boards(width, height, bpp, rows))
        return
    if len(sys.argv) > 2 and sys.argv[2] == '--pixel':
        x, y = int(sys.argv[3]), int(sys.argv[4])
        r, g, b = rows[y][x * bpp:x * bpp + 3]
        print(bytes((r, g, b)).hex(), (r * 299 + g * 587 + b * 114) // 1000)
        return
    if len(sys.argv) > 2 and sys.argv[2] == '--find':
        want = bytes.fromhex(sys.argv[3])
        for y, r in enumerate(rows):
            for x in range(width):
                if r[x * bpp:x * bpp + 3] == want:
                    print(x, y)
                    return
        return
    if len(sys.argv) > 2 and sys.argv[2] == '--crop':
        x, y, w, h = map(int, sys.argv[3:7])
        out = [b''.join(r[(x + i) * bpp:(x + i) * bpp + 3] for i in range(w)) for r in rows[y:y + h]]
        write_png(sys.argv[7], w, h, out)
        return
    counts = {}
    for r in rows:
        for i in range(0, len(r), bpp):
            key = r[i:i + 3]
            counts[key] = counts.get(key, 0) + 1
    print(width, height)
    for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(key.hex(), n)


if __name__ == '__main__':
    main()
