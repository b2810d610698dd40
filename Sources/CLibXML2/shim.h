#ifndef DASHPILOT_CLIBXML2_SHIM_H
#define DASHPILOT_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, whose
   enums clash with the ICU that Foundation bundles. Nothing here uses libxml2's ICU converter
   types (only pointers to the handler struct), so the ICU part of the headers is left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
