#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the ICU inside Foundation. Only
// xmlCharEncodingHandler's fields change without it, and scanbench never touches that struct (the
// parser holds it by pointer).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// Ground truth and OCR files are strangers' bytes, and XML's entities are how XML attacks (the
// billion laughs, external entities reading files or URLs). These functions parse without
// substituting entities (no XML_PARSE_NOENT), without loading a DTD (no XML_PARSE_DTDLOAD), without
// the network (XML_PARSE_NONET) and with libxml2's size and depth limits (no XML_PARSE_HUGE); any
// entity declaration stops the parser at once, so nothing is ever declared, expanded or fetched.

/// Set on the parser context (`_private`) when the document declared an entity.
#define SCANBENCH_XML_DECLARED_ENTITY ((void *)1)

static void scanbench_xml_refuse_entity(
  void *context, const xmlChar *name, int type, const xmlChar *publicId, const xmlChar *systemId,
  xmlChar *content) {
  xmlParserCtxtPtr parser = (xmlParserCtxtPtr)context;
  parser->_private = SCANBENCH_XML_DECLARED_ENTITY;
  xmlStopParser(parser);
}

// Errors are read from the context (xmlCtxtGetLastError), never printed.
static void scanbench_xml_silent(void *context, xmlErrorPtr error) {}

// Nothing is loaded from outside the document, whatever asks.
static xmlParserInputPtr scanbench_xml_no_loading(const char *url, const char *id, xmlParserCtxtPtr context) {
  return NULL;
}

/// Once per process, before any parsing (libxml2 wants its globals set up on one thread).
static inline void scanbench_xml_initialize(void) {
  xmlInitParser();
  xmlSetExternalEntityLoader(scanbench_xml_no_loading);
}

static inline int scanbench_xml_options(void) {
  return XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
}

/// A parser context that refuses entity declarations and reports errors only to the context.
static inline xmlParserCtxtPtr scanbench_xml_new_context(void) {
  xmlParserCtxtPtr parser = xmlNewParserCtxt();
  if (parser == NULL) return NULL;
  parser->sax->entityDecl = scanbench_xml_refuse_entity;
  parser->sax->externalSubset = NULL;
  parser->sax->serror = scanbench_xml_silent;
  return parser;
}

static inline int scanbench_xml_declared_entity(xmlParserCtxtPtr parser) {
  return parser->_private == SCANBENCH_XML_DECLARED_ENTITY;
}

static inline htmlParserCtxtPtr scanbench_html_new_context(void) {
  htmlParserCtxtPtr parser = htmlNewParserCtxt();
  if (parser == NULL) return NULL;
  parser->sax->entityDecl = scanbench_xml_refuse_entity;
  parser->sax->externalSubset = NULL;
  parser->sax->serror = scanbench_xml_silent;
  return parser;
}

static inline int scanbench_html_options(void) {
  return HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;
}

// xmlFree is a global function pointer, which Swift 6 will not read from any thread.
static inline void scanbench_xml_free(void *pointer) { xmlFree(pointer); }

static inline const char *scanbench_xml_version(void) { return xmlParserVersion; }
