// Package lesson holds the interactive lessons that teach the three games, as data,
// and a display-free runner that plays one: it sets up each step's position, checks
// the player's move against the step and says why a wrong move is wrong. The window
// draws what the runner says; nothing here touches the screen.
//
// # Lesson files
//
// Each lesson is one UTF-8 text file, lessons/<game>/<NN>-<slug>.txt, embedded in
// the program; the number orders the lessons of a game, so adding a lesson is adding
// a file (TestEveryLesson then checks it). A file is a header, then steps, each
// step starting with a line "---". Values are `key: value` lines; a line indented
// with spaces or tabs continues the value above it; lines starting with # are
// comments:
//
//	# Lines starting with # are comments.
//	title: Capturing by stacking
//	game: Abande
//	summary: Move a whole stack onto an enemy stack next to it.
//	else: That is legal, but not the move this step asks for. Try again.
//	---
//	moves: d4 c3 d5 c4
//	say: Instead of entering a piece you may capture. Capture the white
//	  piece on c4 with your piece on d5.
//	look: d5 c4
//	expect: d5-c4
//	wrong d4-c4: That captures c4 too, but use the piece on d5.
//	illegal d5-e4: A stack only moves onto an enemy stack.
//	check: capture, height 2
//	right: Your piece is on top, so the stack is yours.
//	reply: c3-d4
//	---
//	say: White did the same on d4: the stack there is White's now.
//	look: d4
//
// Header keys:
//
//	title    the lesson's name (required)
//	game     Abande, Attangle or Andantino (required)
//	summary  one line for the menu (required)
//	options  rules options as in a record's Options tag, e.g. stalemate=loss
//	else     the default answer to a legal move a step does not anticipate
//
// Step keys:
//
//	moves    the position, as the moves from the start in notation (move numbers
//	         such as "12." are skipped; an empty value is the start). Without it the
//	         step continues from where the previous step ended: after the player's
//	         move and the reply.
//	say      what to do, in one or two sentences (required)
//	look     cells to highlight: labels such as c3, or q,r on the Andantino surface
//	expect   the accepted moves, any of them is right; "any" accepts every legal
//	         move but the wrong ones. Without it the step is an explanation: the
//	         player presses Next.
//	reply    moves played after the right move (the opponent's answer), or, on an
//	         explanation step, the moves shown when the player presses Next
//	right    said after the right move (optional)
//	else     the answer to a legal move the step does not anticipate
//	wrong M  the answer to the legal move M (notation): why it is not what we want
//	illegal M  the answer to the move M that breaks a rule, on purpose; the window
//	         asks the rules for the reason of any other illegal move
//	check    what the right move achieves, checked by the tests against the rules;
//	         several joined by commas (see below)
//
// Checks look at the step's last move (the expected move, before the reply; on an
// explanation step, the last move shown) and the position after it; "the mover" is
// the side that made that move:
//
//	place, capture, pass, relocate   the kind of move
//	win [reason], loss [reason]      the game is over and the mover won (lost),
//	draw [reason], ongoing           with the end reason if given ("line of five")
//	safe        the opponent has no reply that wins at once
//	height N    the stack on the move's last cell is N high (Abande, Attangle)
//	triples N   the mover controls N triples (Attangle)
//	pool N      the mover has N pieces left in hand or pool (Abande, Attangle)
//	score B W   the running score, first player first (Abande)
//	touches N   the cell placed on touched N tiles before the move (Andantino)
//	tiles N     N tiles are on the surface (Andantino)
//
// Parse and Load check a lesson completely against the rules (every position
// replays, every expected, wrong and reply move is legal, every illegal move is
// illegal, every check holds, every text is there) and refuse a bad file with its
// name and line.
//
// # Running a lesson
//
// A Runner plays one lesson for the window; it never touches the screen:
//
//	r := lesson.Start(l)
//	for !r.Done() {
//		st := r.Step()      // st.Say to show, st.Look to highlight
//		pos := r.Position() // the board to draw
//		if st.Explain() {
//			shown, _ := r.Next() // on the Next button; animate shown from pos
//			continue
//		}
//		v := r.Try(m) // m from the move picker
//		// v.OK: animate m then v.Replies from pos, show v.Text, draw r.Position()
//		// (a new step may set up a new position); else show v.Text and let the
//		// player try again.
//	}
//
// The move picker only builds legal moves. When it refuses a click, Runner.Refused
// gives the lesson's text if the click starts an illegal move the step warns
// about; any other illegal move gets the rules' reason through Runner.Refuse.
package lesson
