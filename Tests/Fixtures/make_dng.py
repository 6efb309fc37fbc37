#!/usr/bin/env python3
"""Writes a small camera raw (DNG) for the tests, with pidng (PyPI; test tooling only).

    make_dng.py OUT.dng --width W --height H [--orientation 1|3|6|8] [--make M --model M
                [--lens L] [--date "YYYY:MM:DD HH:MM:SS"] [--exposure N/D] [--fnumber F]
                [--iso N] [--focal MM]]

The sensor data is a 16-bit RGGB mosaic of a picture whose left half is bright and right
half dark, so a thumbnail made from it shows which way is up. Run with the venv that holds
pidng and numpy (.build/fixtures-venv, made by `make fixtures-deps` or by the tests).
"""
import argparse
from fractions import Fraction

import numpy as np
from pidng.core import RAW2DNG, DNGTags, Tag
from pidng.defs import CalibrationIlluminant, CFAPattern, PhotometricInterpretation, PreviewColorSpace


def rational(value):
    fraction = Fraction(value).limit_denominator(100000)
    return [[fraction.numerator, fraction.denominator]]


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
    with open(arguments.out, "wb") as file:
        file.write(data)


if __name__ == "__main__":
    main()
