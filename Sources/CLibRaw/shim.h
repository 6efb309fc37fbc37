#ifndef CLIBRAW_SHIM_H
#define CLIBRAW_SHIM_H

#include <libraw/libraw.h>

// libraw's C API hands out one large struct whose strings are fixed char arrays, which Swift
// sees as tuples of hundreds of elements. These accessors, prefixed `clibraw_`, give the few
// fields the server reads. The thread-safe build (libraw_r) is linked: every handle is
// used by one thread at a time, and handles on different threads share nothing.

/// What libraw says of an open file: the camera, lens and exposure, the capture time
/// (seconds since the epoch, as libraw took the camera's wall clock for local time), the
/// visible size and how it turns upright (libraw's flip: 0, 3 = 180°, 5 = 90° CCW, 6 = 90° CW).
typedef struct {
    const char *make;
    const char *model;
    const char *lens;
    float iso;
    float shutter;
    float aperture;
    float focal_length;
    long long timestamp;
    int width;
    int height;
    int flip;
} clibraw_info;

static inline clibraw_info clibraw_read_info(libraw_data_t *raw) {
    clibraw_info info;
    info.make = raw->idata.make;
    info.model = raw->idata.model;
    info.lens = raw->lens.Lens[0] ? raw->lens.Lens : raw->lens.makernotes.Lens;
    info.iso = raw->other.iso_speed;
    info.shutter = raw->other.shutter;
    info.aperture = raw->other.aperture;
    info.focal_length = raw->other.focal_len;
    info.timestamp = (long long) raw->other.timestamp;
    info.width = raw->sizes.width;
    info.height = raw->sizes.height;
    info.flip = raw->sizes.flip;
    return info;
}

/// The embedded preview's size as the file declares it (0 when it has none).
static inline int clibraw_preview_long_edge(libraw_data_t *raw) {
    int width = raw->thumbnail.twidth, height = raw->thumbnail.theight;
    return width > height ? width : height;
}

/// Processing to 8-bit sRGB with the camera's white balance, at half size when `half` (each
/// 2 × 2 block of the sensor one pixel, no demosaicing): the picture when no preview is
/// large enough.
static inline void clibraw_set_output(libraw_data_t *raw, int half) {
    raw->params.half_size = half;
    raw->params.use_camera_wb = 1;
    raw->params.output_bps = 8;
}

/// The orientation libraw's flip stands for, as EXIF numbers it (1: upright as stored).
static inline int clibraw_exif_orientation(int flip) {
    switch (flip) {
    case 3: return 3;
    case 5: return 8;
    case 6: return 6;
    default: return 1;
    }
}

#endif
