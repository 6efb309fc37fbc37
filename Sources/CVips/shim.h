#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H

#include <vips/vips.h>

// libvips takes its options as NULL-terminated variadic lists and starts itself with the
// VIPS_INIT macro; Swift can call neither. These fixed-signature wrappers stand in for the
// calls the server makes. Every name is prefixed `cvips_`. Each returns libvips's status
// (0 on success); on failure the reason is in the error buffer (cvips_error_take).

/// Where GLib's and libvips's log messages go instead of stderr: the log domain (`VIPS`,
/// `GLib`, …; may be NULL), GLib's level flags, and the message.
typedef void (*cvips_log_handler)(const char *domain, int level, const char *message);

static inline void cvips_glib_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer handler) {
    ((cvips_log_handler) handler)(domain, (int) level, message);
}

/* A field's value as a C string to free with g_free: a length of -1 means it is one already,
   any other is that many bytes. */
static inline char *cvips_glib_field_text(const GLogField *field) {
    return field->length < 0 ? g_strdup(field->value) : g_strndup(field->value, (gsize) field->length);
}

static inline GLogWriterOutput cvips_glib_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer handler) {
    char *domain = NULL, *message = NULL;
    for (gsize index = 0; index < count; index++) {
        if (domain == NULL && g_strcmp0(fields[index].key, "GLIB_DOMAIN") == 0) domain = cvips_glib_field_text(&fields[index]);
        else if (message == NULL && g_strcmp0(fields[index].key, "MESSAGE") == 0) message = cvips_glib_field_text(&fields[index]);
    }
    ((cvips_log_handler) handler)(domain, (int) level, message ? message : "");
    g_free(domain);
    g_free(message);
    return G_LOG_WRITER_HANDLED;
}

/// Sends every GLib log message of the process to `handler`: those logged with g_log (libvips's
/// g_warning, "unknown EXIF resolution unit", "error in tile …") and structured ones alike.
/// Call once, before libvips starts; GLib allows one writer per program. A fatal message
/// still aborts after the handler, as GLib always does.
static inline void cvips_route_log(cvips_log_handler handler) {
    g_log_set_default_handler(cvips_glib_log, (gpointer) handler);
    g_log_set_writer_func(cvips_glib_writer, (gpointer) handler, NULL);
}

/// GLib's level flags, as Swift cannot import the enum's bits as constants.
static const int CVIPS_LOG_ERROR = G_LOG_LEVEL_ERROR;
static const int CVIPS_LOG_CRITICAL = G_LOG_LEVEL_CRITICAL;
static const int CVIPS_LOG_WARNING = G_LOG_LEVEL_WARNING;
static const int CVIPS_LOG_MESSAGE = G_LOG_LEVEL_MESSAGE;
static const int CVIPS_LOG_INFO = G_LOG_LEVEL_INFO;

/// Starts libvips once per process: no operation cache (pictures on disk change, and the
/// cache would hold their files open) and one worker thread per operation, since the server
/// runs its own bounded pool of thumbnail jobs.
static inline int cvips_start(const char *program) {
    if (VIPS_INIT(program) != 0) return -1;
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    return 0;
}

/// The error buffer's text, copied (free with g_free), and the buffer cleared, in one step
/// under libvips's lock (the buffer is shared by every thread).
static inline char *cvips_error_take(void) {
    return vips_error_buffer_copy();
}

/// A thumbnail of the file at `path` whose long edge is at most `size` (never enlarged);
/// shrink-on-load for JPEG, WebP and HEIF. Decoding errors fail the pipeline (`fail_on`),
/// so a truncated file is an error rather than a grey half-picture. (Opened as a
/// `VipsSource` instead, a truncated JPEG came out whole and grey.) libvips reads load
/// options only from a name that ends in `]`; picture paths end in their extension.
static inline int cvips_thumbnail_file(const char *path, int size, VipsImage **out) {
    return vips_thumbnail(path, out, size, "height", size, "size", VIPS_SIZE_DOWN,
                          "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// The same from an encoded picture in memory.
static inline int cvips_thumbnail_buffer(const void *bytes, size_t length, int size, VipsImage **out) {
    return vips_thumbnail_buffer((void *) bytes, length, out, size, "height", size, "size", VIPS_SIZE_DOWN,
                                 "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// The picture at `path` as it is meant to be seen (EXIF orientation applied): its width and
/// height, read from the header without decoding pixels.
static inline int cvips_upright_size(const char *path, int *width, int *height) {
    VipsImage *image = vips_image_new_from_file(path, NULL);
    if (image == NULL) return -1;
    int swap = vips_image_get_orientation_swap(image);
    *width = swap ? vips_image_get_height(image) : vips_image_get_width(image);
    *height = swap ? vips_image_get_width(image) : vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// The `width` × `height` crop at (`left`, `top`) of the upright picture at `path`, at 1:1.
/// The picture is decoded whole (a crop needs random access); `out` keeps what it needs alive.
static inline int cvips_region_file(const char *path, int left, int top, int width, int height, VipsImage **out) {
    VipsImage *image = vips_image_new_from_file(path, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (image == NULL) return -1;
    VipsImage *upright = NULL;
    int status = vips_autorot(image, &upright, NULL);
    g_object_unref(image);
    if (status != 0) return status;
    status = vips_extract_area(upright, out, left, top, width, height, NULL);
    g_object_unref(upright);
    return status;
}

/// Encodes `image` as a baseline JPEG in memory with no metadata; free `*bytes` with g_free.
static inline int cvips_jpegsave_buffer(VipsImage *image, int quality, void **bytes, size_t *length) {
    return vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, NULL);
}

/// Writes `image` to `path` in the format its extension names (.jpg, .png, .tif, .heic …).
static inline int cvips_write_file(VipsImage *image, const char *path) {
    return vips_image_write_to_file(image, path, NULL);
}

/// A one-band float image of `sin` waves, `hfreq` across and `vfreq` down (values -1…1).
static inline int cvips_sines(int width, int height, double hfreq, double vfreq, VipsImage **out) {
    return vips_sines(out, width, height, "hfreq", hfreq, "vfreq", vfreq, NULL);
}

/// `a * in + b` per band (n bands of a and b), as 8-bit unsigned pixels.
static inline int cvips_linear_uchar(VipsImage *in, const double *a, const double *b, int n, VipsImage **out) {
    return vips_linear(in, out, (double *) a, (double *) b, n, "uchar", TRUE, NULL);
}

/// The thumbnail of an encoded picture in memory as stored, not turned upright by its
/// EXIF orientation: a raw file's embedded preview, which the raw's own flip turns.
static inline int cvips_thumbnail_buffer_as_stored(const void *bytes, size_t length, int size, VipsImage **out) {
    return vips_thumbnail_buffer((void *) bytes, length, out, size, "height", size, "size", VIPS_SIZE_DOWN,
                                 "no_rotate", TRUE, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// A thumbnail of an image already in memory (a raw file's processed pixels).
static inline int cvips_thumbnail_image(VipsImage *in, int size, VipsImage **out) {
    return vips_thumbnail_image(in, out, size, "height", size, "size", VIPS_SIZE_DOWN, NULL);
}

/// 8-bit pixels, `bands` per pixel, row after row, copied into a new image.
static inline VipsImage *cvips_image_from_pixels(const void *pixels, size_t length, int width, int height, int bands) {
    return vips_image_new_from_memory_copy(pixels, length, width, height, bands, VIPS_FORMAT_UCHAR);
}

/// The `width` × `height` area of `in` at (`left`, `top`): a camera raw's region.
static inline int cvips_extract(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

/// `in` turned clockwise by `degrees` (0, 90, 180 or 270).
static inline int cvips_rotate(VipsImage *in, int degrees, VipsImage **out) {
    VipsAngle angle = degrees == 90 ? VIPS_ANGLE_D90 : degrees == 180 ? VIPS_ANGLE_D180
        : degrees == 270 ? VIPS_ANGLE_D270 : VIPS_ANGLE_D0;
    return vips_rot(in, out, angle, NULL);
}

/// The picture at `path` with its header read and its pixels not yet decoded: its size and
/// metadata (EXIF fields as `exif-ifd0-Make` …, and `orientation`).
static inline VipsImage *cvips_header(const char *path) {
    return vips_image_new_from_file(path, NULL);
}

/// A string field of the header (NULL when absent), owned by the image. Asked only when
/// present, so an absent field leaves nothing in the error buffer.
static inline const char *cvips_field_string(VipsImage *image, const char *name) {
    const char *value = NULL;
    if (vips_image_get_typeof(image, name) == 0) return NULL;
    if (vips_image_get_string(image, name, &value) != 0) return NULL;
    return value;
}

/// An integer field of the header, `fallback` when absent or not an integer.
static inline int cvips_field_int(VipsImage *image, const char *name, int fallback) {
    int value = fallback;
    if (vips_image_get_typeof(image, name) != G_TYPE_INT) return fallback;
    if (vips_image_get_int(image, name, &value) != 0) return fallback;
    return value;
}

static inline int cvips_width(const VipsImage *image) { return vips_image_get_width(image); }
static inline int cvips_height(const VipsImage *image) { return vips_image_get_height(image); }

static inline void cvips_unref(VipsImage *image) { g_object_unref(image); }
static inline void cvips_free(void *pointer) { g_free(pointer); }

#endif
