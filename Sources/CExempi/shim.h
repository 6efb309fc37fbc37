#ifndef CEXEMPI_SHIM_H
#define CEXEMPI_SHIM_H

#include <exempi/xmp.h>
#include <exempi/xmpconsts.h>

// exempi's calls are plain C and Swift calls them directly. What Swift cannot reach are the
// namespace constants, declared as arrays of unknown size (`extern const char NS_XAP[]`);
// these prefixed wrappers hand them over as pointers.

/// The XMP basic namespace (`xmp:`), where `Rating` and `Label` live.
static inline const char *cexempi_ns_xmp(void) { return NS_XAP; }

/// Serializes without the `<?xpacket …?>` wrapper, as sidecar files are written.
static inline uint32_t cexempi_serial_sidecar(void) { return XMP_SERIAL_OMITPACKETWRAPPER; }

#endif
