package project

// FileClaimer is a Detector that also recognises one of its vendor's files
// on its own, without the project around it (a CubeMX .ioc handed to
// lwipgen import): the importer asks the flows instead of naming a vendor.
type FileClaimer interface {
	// ClaimFile says whether the file (its name and, when read, its first
	// bytes) is one of this flow's, and why (the provenance the importer
	// records for the board's vendor).
	ClaimFile(name string, head []byte) (why string, ok bool)
}

// ClaimFile asks every registered detector that recognises single files
// and returns the first flow (in name order) that claims the file.
func ClaimFile(name string, head []byte) (flow, why string, ok bool) {
	detMu.RLock()
	defer detMu.RUnlock()
	for _, d := range detectors {
		if c, is := d.(FileClaimer); is {
			if why, ok := c.ClaimFile(name, head); ok {
				return d.Flow(), why, true
			}
		}
	}
	return "", "", false
}
