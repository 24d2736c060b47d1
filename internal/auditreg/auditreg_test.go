package auditreg

import "testing"

func TestGlueOwnerNameBeatsPrefix(t *testing.T) {
	RegisterVendorGlue(map[string]string{"TESTV_*": "the vendor", "TESTV_LONG_*": "the long one", "TESTV_X": "x's reader"})
	for _, c := range []struct {
		name, owner string
		byName, ok  bool
	}{
		{"TESTV_X", "x's reader", true, true},
		{"TESTV_Y", "the vendor", false, true},
		{"TESTV_LONG_Z", "the long one", false, true}, // the longest prefix wins
		{"OTHER_X", "", false, false},
	} {
		owner, byName, ok := GlueOwner(c.name)
		if owner != c.owner || byName != c.byName || ok != c.ok {
			t.Errorf("GlueOwner(%s) = %q %v %v, want %q %v %v", c.name, owner, byName, ok, c.owner, c.byName, c.ok)
		}
	}
}

func TestChipForMCULongestPrefix(t *testing.T) {
	RegisterMCUChip("tstm32", "family")
	RegisterMCUChip("TSTM32H7", "h7")
	for mcu, want := range map[string]string{"TSTM32H743ZITx": "h7", "tstm32f407": "family", "NRF52": ""} {
		if got := ChipForMCU(mcu); got != want {
			t.Errorf("ChipForMCU(%s) = %q, want %q", mcu, got, want)
		}
	}
}
