// The Reference implementation lands with issue 4; this target is reserved for it.
