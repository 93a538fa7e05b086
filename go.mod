module trihex

go 1.26
