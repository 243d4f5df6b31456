"""The fake camera's video for the phones' browser tests (tests/e2e/phones/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import segno


def show_to_camera(text: str, path: Path, width: int = 640, height: int = 480,
                   frames: int = 4) -> None:
    """Write the fake camera's video (YUV4MPEG2, grey): ``text``'s QR code, held still. The
    browser reads the file each time a page opens the camera."""
    matrix = segno.make(text, error="l", micro=False).matrix
    n = len(matrix) + 8  # a quiet zone of 4 on each side
    scale = min(width, height) * 9 // 10 // n
    left, top = (width - n * scale) // 2, (height - n * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                for y in range(top + (r + 4) * scale, top + (r + 5) * scale):
                    start = y * width + left + (c + 4) * scale
                    luma[start:start + scale] = b"\x00" * scale
    chroma = b"\x80" * (width * height // 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + bytes(luma) + chroma) * frames)
