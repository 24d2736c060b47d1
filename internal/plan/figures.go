package plan

// Figures of the plan the simulator's sweep reports beside its points, from
// the same Sizer code the rules use (so a reason printed next to a sweep
// point computes what the rule computed).

func (p *Plan) sizer() *Sizer {
	return &Sizer{b: p.Board, mss: p.Value("TCP_MSS"), align: max(p.Value("MEM_ALIGNMENT"), 1)}
}

// EffectiveRTTMs is the round trip a window must cover: the declared RTT
// plus three full frame times (see Sizer.effectiveRTTMs).
func (p *Plan) EffectiveRTTMs() float64 { return p.sizer().effectiveRTTMs() }

// HeapSegBytes is what one copied full-MSS TCP segment takes from the heap
// (see Sizer.heapSegCost).
func (p *Plan) HeapSegBytes() int64 {
	return p.sizer().heapSegCost(p.Value("TCP_MSS"), p.Value("MEM_SIZE") > 64000)
}
