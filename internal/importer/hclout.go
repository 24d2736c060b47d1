package importer

import (
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// comment appends "# line" comments to body (before what comes next).
func comment(body *hclwrite.Body, lines ...string) {
	var toks hclwrite.Tokens
	for _, l := range lines {
		for _, part := range strings.Split(l, "\n") {
			text := "#"
			if part != "" {
				text += " " + part
			}
			toks = append(toks, &hclwrite.Token{Type: hclsyntax.TokenComment, Bytes: []byte(text + "\n")})
		}
	}
	body.AppendUnstructuredTokens(toks)
}

// attr writes one attribute with the reason it has this value as the
// comment above it.
func attr(body *hclwrite.Body, name string, v cty.Value, why string) {
	if why != "" {
		comment(body, why)
	}
	body.SetAttributeValue(name, v)
}

// optionValue is an option as HCL: plain integers as numbers, the rest as
// the C expression string lwipgen writes back into lwipopts.h.
func optionValue(v string) cty.Value {
	t := strings.TrimRight(strings.TrimSpace(v), "uUlL")
	if n, ok := plainInt(t); ok {
		return cty.NumberIntVal(n)
	}
	return cty.StringVal(strings.TrimSpace(v))
}
