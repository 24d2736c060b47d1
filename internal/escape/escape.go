// Package escape holds one escaping function per output language, used by
// every template lwipgen renders (see Funcs).
package escape

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// One escaping function per output language. Every string a template writes
// that did not come from lwipgen's own tables (board and chip names, file
// paths, PHY names, descriptions, reasons that quote a user's option) goes
// through the function of the file's language, so a crafted board file
// cannot close a comment, start a directive or run code where the generated
// file is used. Names are already held to a safe set by the board package;
// these functions are the second wall, and the only one for free text.
//
//	CComment    text inside /* ... */ or after // (C, headers, linker scripts)
//	CString     a C string literal, quotes included
//	HashComment text after # (Python, Tcl, CMake, Kconfig, .mss, YAML, SConscript)
//	PyString    a Python 3 string literal, quotes included
//	TclString   a Tcl double-quoted word, quotes included
//	CMakeString a CMake quoted argument, quotes included
//	YAMLString  a YAML double-quoted scalar, quotes included
//	MSSValue    a .mss PARAMETER value: the format has no quoting, so only a
//	            plain token is written and anything else is an error
//	XMLText     text or an attribute value in SVG/XML
//
// Funcs are the template functions, by the names the templates use.
func Funcs() map[string]any {
	return map[string]any{
		"cComment":    CComment,
		"cString":     CString,
		"hashComment": HashComment,
		"pyString":    PyString,
		"tclString":   TclString,
		"cmakeString": CMakeString,
		"yamlString":  YAMLString,
		"mssValue":    MSSValue,
		"xmlText":     XMLText,
		"tclWord":     TclWord,
		"cmakeWord":   CMakeWord,
		"yamlWord":    YAMLWord,
	}
}

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// visible writes a control character (or invalid UTF-8 byte) as text, so a
// one-line context stays one line and the reader still sees what was there.
func visible(b *strings.Builder, r rune, raw byte) {
	switch r {
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		if r == utf8.RuneError {
			fmt.Fprintf(b, `\x%02X`, raw)
		} else {
			fmt.Fprintf(b, `\x%02X`, r)
		}
	}
}

func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029
}

// oneLine maps s to printable one-line text, rewriting with repl the
// sequences that would end or open a comment of the target language.
func oneLine(s string, repl *strings.Replacer) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || isControl(r) {
			visible(&b, r, s[i])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	if repl == nil {
		return b.String()
	}
	return repl.Replace(b.String())
}

// "*/" would end the comment and "/*" nests one (a warning). A backslash at
// the end of a line splices the next line into a // comment before comments
// are even seen (whatever precedes it), so a trailing one is written as \x5C.
// The pairs overlap ("/*/" holds both), so a space goes between every '*'
// and '/' that would touch, judged on the output already written: a
// strings.Replacer works left to right without looking back and turned
// "/*/" into "/ */".
func CComment(v any) string {
	s := separateCommentMarks(oneLine(str(v), nil))
	if strings.HasSuffix(s, `\`) {
		s = s[:len(s)-1] + `\x5C`
	}
	return s
}

// A '#' comment ends at the newline (removed); in Tcl a trailing backslash
// continues it, so backslashes are doubled here too.
var hashRepl = strings.NewReplacer(`\`, `\\`)

func separateCommentMarks(s string) string {
	var b strings.Builder
	var prev byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if prev == '*' && c == '/' || prev == '/' && c == '*' {
			b.WriteByte(' ')
		}
		b.WriteByte(c)
		prev = c
	}
	return b.String()
}

func HashComment(v any) string { return oneLine(str(v), hashRepl) }

// CString: printable ASCII as is except '"', '\' and '?' (trigraphs), every
// other byte as a three-digit octal escape (a hex escape would swallow the
// hex digits after it).
func CString(v any) string { return quoteBytes(str(v), `"\?`) }

// quoteBytes double-quotes s: the bytes of special get a backslash,
// printable ASCII stays, every other byte becomes a three-digit octal escape
// (C and Tcl both read \ooo as one byte).
func quoteBytes(s, special string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(special, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\%03o`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// PyString: ASCII only, every quote, backslash and control character
// escaped (\xNN for bytes below 0x100, \uNNNN / \UNNNNNNNN above).
func PyString(v any) string {
	s := str(v)
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i]) // not UTF-8: keep the byte value visible
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	b.WriteByte('"')
	return b.String()
}

// TclString: inside "..." Tcl substitutes $var, [cmd] and backslashes; all
// three are escaped, and braces too (an unbalanced brace breaks an enclosing
// braced body). Other bytes outside printable ASCII become octal escapes.
func TclString(v any) string { return quoteBytes(str(v), `"\$[]{};`) }

// CMakeString: a quoted argument where ${...}, $ENV{...} and @VAR@ (in
// configure_file) would be expanded. CMake has escapes
// only for \t \r \n and identity escapes of non-alphanumerics; other control
// characters are written as visible text.
func CMakeString(v any) string {
	s := str(v)
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\' || r == '$' || r == '@':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError && n <= 1 || isControl(r):
			fmt.Fprintf(&b, `<0x%02X>`, s[i])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('"')
	return b.String()
}

// YAMLString: JSON strings are YAML double-quoted scalars.
func YAMLString(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(strings.ToValidUTF8(str(v), "\uFFFD"))
	return strings.TrimSuffix(b.String(), "\n")
}

// MSSValue: a .mss line is "PARAMETER NAME = VALUE" with no quoting, so only
// a plain token (numbers, true/false, identifiers, dotted versions) is
// written; anything else stops rendering.
func MSSValue(v any) (string, error) {
	s := str(v)
	if s == "" {
		return "", fmt.Errorf("mss: empty value")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-' || c == '+') {
			return "", fmt.Errorf("mss: value %q has a character (%q) a .mss PARAMETER cannot hold", s, c)
		}
	}
	return s, nil
}

var xmlRepl = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// XMLText: markup characters as entities, control characters visible.
func XMLText(v any) string { return xmlRepl.Replace(oneLine(str(v), nil)) }

// plainToken: a word every output language takes as is (numbers, booleans,
// identifiers, dotted versions).
func plainToken(s string) bool {
	_, err := MSSValue(s)
	return err == nil
}

// TclWord, CMakeWord and YAMLWord keep a plain token as the tables write it
// (bare, or single-quoted in YAML) and quote anything else with the
// language's string function.
func TclWord(v any) string {
	if s := str(v); plainToken(s) {
		return s
	}
	return TclString(v)
}

func CMakeWord(v any) string {
	if s := str(v); plainToken(s) {
		return s
	}
	return CMakeString(v)
}

func YAMLWord(v any) string {
	if s := str(v); plainToken(s) {
		return "'" + s + "'"
	}
	return YAMLString(v)
}
