#ifndef DASHPILOT_CXLSXWRITER_SHIM_H
#define DASHPILOT_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
/* zlib, to read back and verify a finished workbook (Sources/DashExport/ZipReader.swift);
   libxlsxwriter itself links it. */
#include <zlib.h>
#endif
