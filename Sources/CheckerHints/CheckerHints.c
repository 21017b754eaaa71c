// The C target needs one source file; everything it offers is inline in the header.
