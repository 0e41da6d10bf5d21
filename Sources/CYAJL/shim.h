#ifndef JOLT_CYAJL_SHIM_H
#define JOLT_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_version.h>

/* yajl_config is variadic, which Swift cannot call; these wrappers give each
   option Jolt uses a fixed signature. */

static inline int jolt_yajl_config_bool(yajl_handle handle, yajl_option option, int on) {
    return yajl_config(handle, option, on);
}

static inline int jolt_yajl_allow_comments(yajl_handle handle, int on) {
    return yajl_config(handle, yajl_allow_comments, on);
}

static inline int jolt_yajl_dont_validate_strings(yajl_handle handle, int on) {
    return yajl_config(handle, yajl_dont_validate_strings, on);
}

static inline int jolt_yajl_allow_trailing_garbage(yajl_handle handle, int on) {
    return yajl_config(handle, yajl_allow_trailing_garbage, on);
}

static inline int jolt_yajl_allow_multiple_values(yajl_handle handle, int on) {
    return yajl_config(handle, yajl_allow_multiple_values, on);
}

static inline int jolt_yajl_allow_partial_values(yajl_handle handle, int on) {
    return yajl_config(handle, yajl_allow_partial_values, on);
}

#endif
