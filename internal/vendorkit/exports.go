package vendorkit

import "regexp"

// UserCodeBodies maps each USER CODE block name of text to its body, as
// CubeMX writes them (for a flow reading what a project carries).
func UserCodeBodies(text string) map[string]string { return userCodeBodies(text) }

// FindFiles returns project-relative paths of files under dir whose base
// name matches re, outside vendor libraries, build output and lwipgen's own
// folders, shallowest first.
func FindFiles(dir string, re *regexp.Regexp) []string { return find(dir, re) }
