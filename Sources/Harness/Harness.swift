// The abstraction from Reference to Spec lands with issue 4.
