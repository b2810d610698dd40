#ifndef DASHPILOT_CXLSXWRITER_SHIM_H
#define DASHPILOT_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
