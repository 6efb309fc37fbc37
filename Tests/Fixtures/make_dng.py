#!/usr/bin/env python3
"""Writes a small camera raw (DNG) for the tests, with pidng (PyPI; test tooling only).

    make_dng.py OUT.dng --width W --height H [--orientation 1|3|6|8] [--make M --model M
                [--lens L] [--date "YYYY:MM:DD HH:MM:SS"] [--exposure N/D] [--fnumber F]
                [--iso N] [--focal MM]] [--preview JPEG | --preview-dark-left]

The sensor data is a 16-bit RGGB mosaic of a picture whose left half is bright and right
half dark, so a thumbnail made from it shows which way is up. With --preview, the JPEG is
embedded as a camera embeds its preview: a reduced-resolution IFD (NewSubfileType 1,
JPEG-compressed, YCbCr) chained after the raw's; --preview-dark-left embeds one of the
sensor's size whose left half is dark (the raw's opposite, so a test tells which one a
thumbnail came from; made with the `vips` command). Run with the venv that holds
pidng and numpy (.build/fixtures-venv, made by `make fixtures-deps` or by the tests).
"""
import argparse
import os
import struct
import subprocess
from fractions import Fraction

import numpy as np
from pidng.core import RAW2DNG, DNGTags, Tag
from pidng.defs import CalibrationIlluminant, CFAPattern, PhotometricInterpretation, PreviewColorSpace


def rational(value):
    fraction = Fraction(value).limit_denominator(100000)
    return [[fraction.numerator, fraction.denominator]]


def with_preview(dng, jpeg, width, height):
    """`dng` (little-endian TIFF, one IFD at offset 8) with `jpeg` chained as a second IFD."""
    data = bytearray(dng)
    data += b"\0" * (-len(data) % 4)
    jpeg_offset = len(data)
    data += jpeg
    data += b"\0" * (-len(data) % 4)
    bits_offset = len(data)
    data += struct.pack("<HHH", 8, 8, 8) + b"\0\0"
    entries = [  # (tag, type, count, value): SHORT = 3, LONG = 4
        (254, 4, 1, 1), (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, bits_offset), (259, 3, 1, 7),
        (262, 3, 1, 6), (273, 4, 1, jpeg_offset), (277, 3, 1, 3), (278, 4, 1, height), (279, 4, 1, len(jpeg)),
    ]
    ifd_offset = len(data)
    data += struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        data += struct.pack("<HHI", tag, kind, count) + struct.pack("<I", value)
    data += struct.pack("<I", 0)
    (count,) = struct.unpack_from("<H", data, 8)
    struct.pack_into("<I", data, 8 + 2 + count * 12, ifd_offset)
    return bytes(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    parser.add_argument("--orientation", type=int, default=1)
    parser.add_argument("--make")
    parser.add_argument("--model")
    parser.add_argument("--lens")
    parser.add_argument("--date")
    parser.add_argument("--exposure")
    parser.add_argument("--fnumber", type=float)
    parser.add_argument("--iso", type=int)
    parser.add_argument("--focal", type=float)
    parser.add_argument("--preview")
    parser.add_argument("--preview-dark-left", action="store_true")
    arguments = parser.parse_args()

    width, height = arguments.width, arguments.height
    mosaic = np.empty((height, width), dtype=np.uint16)
    mosaic[:, : width // 2] = 60000
    mosaic[:, width // 2:] = 3000

    tags = DNGTags()
    tags.set(Tag.ImageWidth, width)
    tags.set(Tag.ImageLength, height)
    tags.set(Tag.TileWidth, width)
    tags.set(Tag.TileLength, height)
    tags.set(Tag.Orientation, arguments.orientation)
    tags.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
    tags.set(Tag.SamplesPerPixel, 1)
    tags.set(Tag.BitsPerSample, 16)
    tags.set(Tag.CFARepeatPatternDim, [2, 2])
    tags.set(Tag.CFAPattern, CFAPattern.RGGB)
    tags.set(Tag.BlackLevel, 0)
    tags.set(Tag.WhiteLevel, 65535)
    tags.set(Tag.ColorMatrix1, [[10000, 10000], [0, 10000], [0, 10000], [0, 10000], [10000, 10000], [0, 10000],
                                [0, 10000], [0, 10000], [10000, 10000]])
    tags.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
    tags.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
    tags.set(Tag.PreviewColorSpace, PreviewColorSpace.sRGB)
    if arguments.make:
        tags.set(Tag.Make, arguments.make)
    if arguments.model:
        tags.set(Tag.Model, arguments.model)
        tags.set(Tag.UniqueCameraModel, f"{arguments.make or ''} {arguments.model}".strip())
    if arguments.lens:
        tags.set(Tag.EXIFPhotoLensModel, arguments.lens)
    if arguments.date:
        tags.set(Tag.DateTimeOriginal, arguments.date)
        tags.set(Tag.DateTime, arguments.date)
    if arguments.exposure:
        numerator, denominator = (int(part) for part in arguments.exposure.split("/"))
        tags.set(Tag.ExposureTime, [[numerator, denominator]])
    if arguments.fnumber:
        tags.set(Tag.FNumber, rational(arguments.fnumber))
    if arguments.iso:
        tags.set(Tag.PhotographicSensitivity, [arguments.iso])
    if arguments.focal:
        tags.set(Tag.FocalLength, rational(arguments.focal))

    writer = RAW2DNG()
    writer.options(tags, path="", compress=False)
    data = writer.convert(mosaic, filename="")
    if arguments.preview_dark_left:
        pixels = np.zeros((height, width, 3), dtype=np.uint8)
        pixels[:, width // 2:] = 255
        arguments.preview = arguments.out + ".preview.jpg"
        with open(arguments.out + ".preview.ppm", "wb") as file:
            file.write(f"P6 {width} {height} 255\n".encode() + pixels.tobytes())
        subprocess.run(["vips", "jpegsave", arguments.out + ".preview.ppm", arguments.preview], check=True)
        os.remove(arguments.out + ".preview.ppm")
    if arguments.preview:
        def field(name):
            return int(subprocess.run(["vipsheader", "-f", name, arguments.preview], check=True, capture_output=True, text=True).stdout)
        with open(arguments.preview, "rb") as file:
            data = with_preview(data, file.read(), field("width"), field("height"))
        if arguments.preview_dark_left:
            os.remove(arguments.preview)
    with open(arguments.out, "wb") as file:
        file.write(data)


if __name__ == "__main__":
    main()
