"""Make render/fonts/NotoSansCJK-Subset.otf, the face that draws Chinese, Japanese and
Korean names, from a full Noto Sans CJK collection. Run once by hand when the coverage
should change; the pictures only read the file it writes, so fontTools is not a dependency.

    python -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
    /tmp/ft/bin/python render/fonts/subset_cjk.py /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

(the collection comes with Debian's fonts-noto-cjk). Coverage: every character of the
national standard sets that names are written in (GB 2312 for simplified Chinese, Big5's
frequent characters for traditional Chinese, JIS X 0208 for Japanese, KS X 1001 for Korean),
kana, CJK punctuation and full-width forms. The whole CJK range would be about 16 MiB.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).with_name("NotoSansCJK-Subset.otf")
FACE = "Noto Sans CJK SC"  # one face of the collection; its glyph shapes follow Chinese usage
BIG5_FREQUENT = range(0xA440, 0xC67F)  # Big5's "frequently used" block, 5401 characters


def _double_byte(codec: str, leads: range, trails: range) -> set[str]:
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                chars.update(bytes((lead, trail)).decode(codec))
            except UnicodeDecodeError:
                pass
    return chars


def characters() -> set[str]:
    chars = set()
    chars |= _double_byte("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))
    chars |= _double_byte("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF))  # JIS X 0208
    chars |= _double_byte("euc_kr", range(0xA1, 0xFE), range(0xA1, 0xFF))  # KS X 1001
    for code in BIG5_FREQUENT:
        try:
            chars.update(code.to_bytes(2, "big").decode("big5"))
        except UnicodeDecodeError:
            pass
    ranges = [
        (0x3000, 0x303F),  # CJK symbols and punctuation
        (0x3040, 0x30FF),  # hiragana, katakana
        (0x31F0, 0x31FF),  # katakana phonetic extensions
        (0x3131, 0x318E),  # Hangul compatibility jamo
        (0xFF01, 0xFFEF),  # full-width and half-width forms
    ]
    for first, last in ranges:
        chars.update(chr(c) for c in range(first, last + 1))
    return {c for c in chars if ord(c) > 0x2000}  # Latin, Greek and Cyrillic stay with the other faces


def main(source: str) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    collection = TTCollection(source)
    font = next(f for f in collection.fonts if f["name"].getDebugName(4) == FACE)
    options = subset.Options()
    options.layout_features = []  # names are drawn glyph by glyph: no vertical forms or alternates
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters()])
    subsetter.subset(font)
    font.save(str(OUT))
    print(f"{OUT.name}: {len(font.getGlyphOrder())} glyphs, {OUT.stat().st_size / 1024 / 1024:.2f} MiB")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
