package project

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/lwipgen/lwipgen/internal/fsutil"
)

// An Eclipse project's XML files (.cproject, .project) read into a small
// element tree that keeps where each element starts, so a configuration,
// an option or a malformed byte can be named by file:line:col. encoding/xml
// decodes the entities (&quot; ...) CDT writes around workspace paths; it
// expands no DTD entity, so a hostile file cannot blow up in memory.

// xmlNode is one element: its name, attributes, child elements, the text
// directly inside it, and the byte offset of its '<'.
type xmlNode struct {
	Name string
	Attr map[string]string
	Kids []*xmlNode
	Text string
	Off  int64
}

// maxXMLDepth bounds the nesting of a .cproject (CDT's go about eight
// levels deep); deeper input is refused rather than walked.
const maxXMLDepth = 64

// xmlError is a malformed XML file, at a 1-based line and column.
type xmlError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *xmlError) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// parseXML reads src (the file named name, for messages) into its root
// element.
func parseXML(name string, src []byte) (*xmlNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(src))
	at := func(off int64, msg string) error {
		if off > int64(len(src)) {
			off = int64(len(src))
		}
		l, c := fsutil.Position(src, int(off))
		return &xmlError{File: name, Line: l, Col: c, Msg: msg}
	}
	var root *xmlNode
	var stack []*xmlNode
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			msg := err.Error()
			if errors.As(err, &se) {
				msg = se.Msg
			}
			// point at the token that failed: where it starts, past blanks
			off := start
			for off < int64(len(src)) && strings.ContainsRune(" \t\r\n", rune(src[off])) {
				off++
			}
			return nil, at(off, "malformed XML: "+msg)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root != nil && len(stack) == 0 {
				return nil, at(start, "malformed XML: a second root element <"+t.Name.Local+">")
			}
			if len(stack) >= maxXMLDepth {
				return nil, at(start, fmt.Sprintf("elements nested deeper than %d", maxXMLDepth))
			}
			n := &xmlNode{Name: t.Name.Local, Attr: map[string]string{}, Off: start}
			for _, a := range t.Attr {
				n.Attr[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.Kids = append(p.Kids, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(t)
			}
		}
	}
	if root == nil {
		return nil, at(int64(len(src)), "no XML element")
	}
	return root, nil
}

// kids are n's child elements named name.
func (n *xmlNode) kids(name string) []*xmlNode {
	var out []*xmlNode
	for _, k := range n.Kids {
		if k.Name == name {
			out = append(out, k)
		}
	}
	return out
}

// kid is n's first child element named name, nil if none.
func (n *xmlNode) kid(name string) *xmlNode {
	for _, k := range n.Kids {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// text is the trimmed text of n's first child named name.
func (n *xmlNode) text(name string) string {
	if k := n.kid(name); k != nil {
		return strings.TrimSpace(k.Text)
	}
	return ""
}

// line is the 1-based line n starts on in src.
func (n *xmlNode) line(src []byte) int {
	if n == nil || n.Off > int64(len(src)) {
		return 0
	}
	l, _ := fsutil.Position(src, int(n.Off))
	return l
}
