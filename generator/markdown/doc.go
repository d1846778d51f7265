// Package markdown is the site's one Markdown setup: goldmark with the
// extensions that decide what a page's text means, and the portal's
// changes to a parsed page and to its HTML.
//
// It owns:
//
//   - the goldmark configuration ([New]) and the syntax alone
//     ([NewSyntaxParser]), which drift parses with so that it sees what
//     pages see, as written; the same configuration without autolinks
//     ([NewWithoutAutolinks]) for pages in which none can start
//     ([SameWithoutAutolinks]), which parse faster into the same HTML;
//   - the page transformers, listed in their order in one place
//     (pageTransformers, markdown.go) and applied by [Transform]: marker
//     lines removed, protocol directives resolved ([Directive]), heading
//     ids given ([Heading], [Slug], [Unique]), internal links recorded and
//     rewritten for the language ([Link], [LangPrefix]);
//   - the renderers of code blocks, inline code (a <wbr> after the _ . - /
//     of a long identifier, [templates.BreakParts]), headings (with their "#"
//     link), text (East Asian line breaks) and tables (in a scrollable region), added
//     by pageExtension, and the [Output] they write into, which records
//     where each heading is for the on-page contents;
//   - the page state the transformers read and fill ([State], [Page],
//     [NewContext]);
//   - front matter ([FrontMatter], [ParseFrontMatter], [SplitFrontMatter]),
//     with its fast path held to the YAML parser by FuzzFrontMatter;
//   - the syntax of the marker lines gen stamp writes ([StampLine],
//     [AckLine], [ParseStamp], [ParseAck], [IsMarker]), whose meaning is
//     package drift's.
//
// A page pair is parsed first, aligned as written (package drift), and only
// then transformed: a translation's headings take the ids of the sections
// they align with ([State].Twin). Protocol directives come from package
// reference through the lookup the builder gives [NewState]; problems
// (unknown directives, bad links) are reported to a [diag.Reporter].
package markdown
