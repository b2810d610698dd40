#ifndef DASHPILOT_CSTATFS_SHIM_H
#define DASHPILOT_CSTATFS_SHIM_H
#include <sys/vfs.h>

/// The type of the filesystem `path` is on (statfs(2)'s f_type, a magic number of
/// linux/magic.h), or -1 with errno set. Swift's Glibc module does not import <sys/vfs.h>.
static inline long cstatfs_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long)info.f_type;
}
#endif
