package input

import (
	"slices"
	"testing"
)

func TestPointerClick(t *testing.T) {
	var tr PointerTracker
	tr.Update(100, 100, false, 1)
	p := tr.Update(100, 100, true, 1)
	if !p.Down || p.Click || p.Dragging || p.DownX != 100 || p.DownY != 100 {
		t.Fatalf("press: %+v", p)
	}
	// Within the slop (6 px at scale 1) the press stays a click.
	p = tr.Update(104, 104, true, 1) // 5.66 px away
	if p.Dragging || p.DX != 0 || p.DY != 0 {
		t.Fatalf("small move: %+v", p)
	}
	p = tr.Update(104, 104, false, 1)
	if !p.Click || p.Down || p.DownX != 100 || p.DownY != 100 || p.X != 104 {
		t.Fatalf("release: %+v", p)
	}
	// The click lasts one tick.
	if p = tr.Update(104, 104, false, 1); p.Click {
		t.Fatalf("click repeated: %+v", p)
	}
}

func TestPointerDrag(t *testing.T) {
	var tr PointerTracker
	tr.Update(10, 10, false, 2)
	tr.Update(10, 10, true, 2)
	// At scale 2 the slop is 12 px: 10 px is still a click.
	if p := tr.Update(20, 10, true, 2); p.Dragging {
		t.Fatalf("within the scaled slop: %+v", p)
	}
	// Beyond it the drag starts and reports this tick's motion only.
	p := tr.Update(25, 10, true, 2)
	if !p.Dragging || p.DX != 5 || p.DY != 0 {
		t.Fatalf("drag start: %+v", p)
	}
	p = tr.Update(25, 17, true, 2)
	if p.DX != 0 || p.DY != 7 {
		t.Fatalf("drag: %+v", p)
	}
	if p = tr.Update(25, 17, true, 2); p.DX != 0 || p.DY != 0 {
		t.Fatalf("still: %+v", p)
	}
	// Releasing a drag is no click; Dragging stays until the next press.
	p = tr.Update(25, 17, false, 2)
	if p.Click || p.Down || !p.Dragging {
		t.Fatalf("drag release: %+v", p)
	}
	p = tr.Update(30, 30, true, 2)
	if p.Dragging || !p.Down || p.DownX != 30 {
		t.Fatalf("next press: %+v", p)
	}
}

func TestPointerHeldAtStart(t *testing.T) {
	// A press that began before the tracker saw the button up counts from the
	// first tick it is seen, as Ebitengine's "just pressed" does.
	var tr PointerTracker
	if p := tr.Update(5, 5, true, 1); !p.Down {
		t.Fatalf("%+v", p)
	}
	if p := tr.Update(5, 5, false, 1); !p.Click {
		t.Fatalf("%+v", p)
	}
}

func TestFires(t *testing.T) {
	var back, letter []int
	for d := 1; d <= 45; d++ {
		if Fires(KeyBackspace, d) {
			back = append(back, d)
		}
		if Fires(KeyA, d) {
			letter = append(letter, d)
		}
	}
	if want := []int{1, 32, 36, 40, 44}; !slices.Equal(back, want) {
		t.Errorf("Backspace fires at %v, want %v", back, want)
	}
	if want := []int{1}; !slices.Equal(letter, want) {
		t.Errorf("A fires at %v, want %v", letter, want)
	}
}

func TestFrameCommands(t *testing.T) {
	var f Frame
	f.AddKey(Chord{Key: KeyEnter})
	f.AddKey(Chord{Key: KeyEnter}) // the keypad's Enter as well
	f.AddKey(Chord{Key: KeyLeft})
	f.AddKey(Chord{Key: KeyS, Mod: ModCtrl})
	if len(f.Keys) != 3 {
		t.Fatalf("keys %v", f.Keys)
	}
	if got, want := f.Commands(ScopeStart), []Command{CmdStart, CmdGamePrev, CmdSave}; !slices.Equal(got, want) {
		t.Errorf("start: %v, want %v", got, want)
	}
	if got, want := f.Commands(ScopeGame), []Command{CmdChoose, CmdReviewBack, CmdSave}; !slices.Equal(got, want) {
		t.Errorf("game: %v, want %v", got, want)
	}
	if !f.Pressed(CmdConfirm, ScopeBox) || f.Pressed(CmdSave, ScopeBox) || f.Pressed(CmdStart, ScopeGame) {
		t.Error("Pressed disagrees with the keymap")
	}
	var none Frame
	if none.Commands(ScopeGame) != nil || none.Pressed(CmdCancel, ScopeGame) {
		t.Error("an empty frame gives commands")
	}
}

// A press and release between two ticks is still a click where the pointer is.
func TestPointerTap(t *testing.T) {
	var tr PointerTracker
	tr.Update(10, 10, false, 1)
	p := tr.UpdateTap(200, 300, false, true, 1)
	if !p.Click || p.DownX != 200 || p.DownY != 300 || p.Down || p.Dragging {
		t.Fatalf("tap: %+v", p)
	}
	if p := tr.Update(200, 300, false, 1); p.Click {
		t.Fatal("the tap clicks twice")
	}
}
