module sig

go 1.26
