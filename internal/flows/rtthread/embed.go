package rtthread

import "embed"

// templatesFS holds the RT-Thread BSP templates (templates/*.tmpl).
//
//go:embed templates
var templatesFS embed.FS
