package vendorkit

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// A region of text: [Start, End) byte offsets of the body between a BEGIN
// marker line and its END marker line (both lines excluded).
type span struct{ Start, End int }

// userCode finds the body of `/* USER CODE BEGIN name */ ... /* USER CODE END name */`
// exactly as CubeMX writes it. The body starts after the BEGIN marker (on the
// same line, which CubeMX leaves empty) and ends before the END marker's
// indentation.
func userCode(text, name string) (span, bool) {
	begin := "/* USER CODE BEGIN " + name + " */"
	end := "/* USER CODE END " + name + " */"
	i := strings.Index(text, begin)
	if i < 0 {
		return span{}, false
	}
	bodyStart := i + len(begin)
	j := strings.Index(text[bodyStart:], end)
	if j < 0 {
		return span{}, false
	}
	bodyEnd := bodyStart + j
	// do not count the END marker's indentation as body
	for bodyEnd > bodyStart && (text[bodyEnd-1] == ' ' || text[bodyEnd-1] == '\t') {
		bodyEnd--
	}
	return span{bodyStart, bodyEnd}, true
}

// userCodeNames lists the USER CODE block names of a file in order.
var userCodeRe = regexp.MustCompile(`/\* USER CODE BEGIN ([^*]+?) \*/`)

func userCodeBodies(text string) map[string]string {
	m := map[string]string{}
	for _, sm := range userCodeRe.FindAllStringSubmatch(text, -1) {
		if s, ok := userCode(text, sm[1]); ok {
			m[sm[1]] = text[s.Start:s.End]
		}
	}
	return m
}

// Comment styles of lwipgen's own markers.
type style struct{ open, close string }

var (
	cStyle    = style{"/* ", " */"}
	hashStyle = style{"# ", ""}
)

const markerNote = "(written by lwipgen vendor; edit the board file, not this block)"

func (s style) begin(id string) string {
	return s.open + "lwipgen BEGIN " + id + " " + markerNote + s.close
}
func (s style) end(id string) string { return s.open + "lwipgen END " + id + s.close }

// block is one lwipgen-owned block found in a file: the whole text from the
// start of the BEGIN line to the end of the END line (newline included), and
// its body.
type block struct {
	Whole span
	Body  string
}

func findBlock(text string, st style, id string) (block, bool, error) {
	bm := st.open + "lwipgen BEGIN " + id + " "
	em := st.end(id)
	i := strings.Index(text, bm)
	if i < 0 {
		return block{}, false, nil
	}
	ls := strings.LastIndexByte(text[:i], '\n') + 1
	nl := strings.IndexByte(text[i:], '\n')
	if nl < 0 {
		return block{}, false, fmt.Errorf("lwipgen block %q: BEGIN marker without a line end", id)
	}
	bodyStart := i + nl + 1
	j := strings.Index(text[bodyStart:], em)
	if j < 0 {
		return block{}, false, fmt.Errorf("lwipgen block %q has a BEGIN marker but no %q", id, em)
	}
	endLine := bodyStart + j
	endLineStart := strings.LastIndexByte(text[:endLine], '\n') + 1
	if endLineStart < bodyStart {
		endLineStart = bodyStart
	}
	e := endLine + len(em)
	if e < len(text) && text[e] == '\n' {
		e++
	}
	return block{Whole: span{ls, e}, Body: text[bodyStart:endLineStart]}, true, nil
}

// renderBlock formats a block with indentation; body lines end with "\n".
func renderBlock(st style, id, indent, body string) string {
	var b strings.Builder
	b.WriteString(indent + st.begin(id) + "\n")
	for _, l := range strings.SplitAfter(body, "\n") {
		if l == "" {
			continue
		}
		if l == "\n" {
			b.WriteString(l)
			continue
		}
		b.WriteString(indent + l)
	}
	b.WriteString(indent + st.end(id) + "\n")
	return b.String()
}

// blockBody is what renderBlock puts between the markers (for hashing): the
// indented body.
func blockBody(indent, body string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(body, "\n") {
		if l == "" {
			continue
		}
		if l == "\n" {
			b.WriteString(l)
			continue
		}
		b.WriteString(indent + l)
	}
	return b.String()
}

// upsertBlock replaces lwipgen's block id, or, when it is not there, puts it
// in place of the text range at() returns (start == end: a plain insertion;
// start must be the start of a line). It returns the new text and the block
// body that was there before ("" and false when there was none).
func upsertBlock(text string, st style, id, indent, body string, at func(string) (int, int, error)) (string, string, bool, error) {
	rendered := renderBlock(st, id, indent, body)
	b, found, err := findBlock(text, st, id)
	if err != nil {
		return "", "", false, err
	}
	if found {
		return text[:b.Whole.Start] + rendered + text[b.Whole.End:], b.Body, true, nil
	}
	start, end, err := at(text)
	if err != nil {
		return "", "", false, err
	}
	return text[:start] + rendered + text[end:], "", false, nil
}

// insertAt adapts a position function to upsertBlock.
func insertAt(f func(string) (int, error)) func(string) (int, int, error) {
	return func(text string) (int, int, error) {
		p, err := f(text)
		return p, p, err
	}
}

// insideUserCode returns an insertion function that puts a block at the end
// of USER CODE block name (keeping the user's own lines first).
func insideUserCode(name string) func(string) (int, error) {
	return func(text string) (int, error) {
		s, ok := userCode(text, name)
		if !ok {
			return 0, fmt.Errorf("no /* USER CODE BEGIN %s */ ... /* USER CODE END %s */ block", name, name)
		}
		pos := strings.LastIndexByte(text[:s.End], '\n') + 1
		if pos <= s.Start {
			return 0, fmt.Errorf("USER CODE %s: BEGIN and END markers are on one line", name)
		}
		return pos, nil
	}
}

// indentOfUserCode is the indentation of the USER CODE END line.
func indentOfUserCode(text, name string) string {
	s, ok := userCode(text, name)
	if !ok {
		return ""
	}
	ls := strings.LastIndexByte(text[:s.End], '\n') + 1
	i := ls
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return text[ls:i]
}

// transplantUserCode copies the USER CODE bodies of old into the blocks of
// the same name in content (a regenerated file keeps the user's code);
// filter, when not nil, may rewrite a body on the way (Prepared.UserCode).
func transplantUserCode(content, old []byte, filter func(name, body string) string) []byte {
	if !bytes.Contains(content, []byte("USER CODE BEGIN")) || !bytes.Contains(old, []byte("USER CODE BEGIN")) {
		return content
	}
	bodies := userCodeBodies(string(old))
	text := string(content)
	for _, sm := range userCodeRe.FindAllStringSubmatch(text, -1) {
		name := sm[1]
		b, ok := bodies[name]
		if !ok {
			continue
		}
		if filter != nil {
			b = filter(name, b)
		}
		if s, ok := userCode(text, name); ok {
			text = text[:s.Start] + b + text[s.End:]
		}
	}
	return []byte(text)
}
