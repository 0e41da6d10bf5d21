#ifndef JOLT_CSIMDJSON_SHIM_H
#define JOLT_CSIMDJSON_SHIM_H

/* The system library simdjson (libsimdjson-dev), found through pkg-config. Its
   header is C++ and is included only by the C++ target JoltSIMDJSONShim, which
   exposes a C interface to Swift; this module only supplies the header search
   path and the link flag. */

#endif
