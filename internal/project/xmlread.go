package project

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/text/encoding/ianaindex"
)

// IDE project files are XML in the charset their declaration names: IAR
// writes iso-8859-1 (STMicroelectronics/STM32CubeF4@3d6be4b
// Projects/STM32F429ZI-Nucleo/Applications/LwIP/LwIP_HTTP_Server_Netconn_RTOS/EWARM/Project.ewp),
// Keil UTF-8, Chinese vendors' demos sometimes GB2312. encoding/xml reads
// UTF-8 only; the other charsets are decoded by golang.org/x/text.

// decodeXML unmarshals an IDE project file into v; name is the file for
// messages (name:line: ...).
func decodeXML(name string, data []byte, v any) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		enc, err := ianaindex.IANA.Encoding(label)
		if err != nil || enc == nil {
			return nil, fmt.Errorf("the XML declares the charset %q, which lwipgen cannot decode", label)
		}
		return enc.NewDecoder().Reader(in), nil
	}
	if err := d.Decode(v); err != nil {
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("%s:%d: %v", name, se.Line, se.Msg)
		}
		line, col := d.InputPos()
		return fmt.Errorf("%s:%d:%d: %v", name, line, col, err)
	}
	return nil
}

// winPath turns an IDE's path (backslashes, maybe quoted) into this
// system's form. A path on a Windows drive (C:\Keil_v5\...) has no meaning
// here: ok is false.
func winPath(p string) (string, bool) {
	p = strings.Trim(strings.TrimSpace(p), `"`)
	p = strings.ReplaceAll(p, `\`, "/")
	if driveRe.MatchString(p) {
		return p, false
	}
	return filepath.FromSlash(p), true
}

// xmlLine records the line an element starts on, for Unit.From.
type xmlLine int

// startLine is the decoder's line at the start of the element being decoded.
func startLine(d *xml.Decoder) xmlLine {
	line, _ := d.InputPos()
	return xmlLine(line)
}
