/// What the searches of an implementation keep while they try a state's candidate actions on
/// one copy of its system: the specification's state and a slot for the successors its
/// guards are asked for, and the copy's bits as they were when it was made.
///
/// Why: a state's candidates are mostly refused (in the myTaxi ci scope, 48 of the 57 the
/// adapter lists). Asking the specification for each one's successor as a new value copied a
/// whole state three times over; and comparing the copy with the state's system after every
/// refusal (`==` on the Reference's service, field by field and dictionary by dictionary) cost
/// about as much as the refusal itself.
struct SpecificationGuards<Spec: Model>: ~Copyable {
    private let hooks: Spec.Hooks
    private let state: UnsafeMutablePointer<Spec.State>
    private let scratch: UnsafeMutablePointer<Spec.State>

    init(of spec: Spec, in state: Spec.State) {
        hooks = spec.hooks
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        scratch = .allocate(capacity: 1)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
        scratch.deallocate()
    }

    /// Whether the specification forbids `action`: its guard does not hold, so there is no
    /// successor (`ModelHooks.successor(of:via:into:)`, written into the one scratch slot). An
    /// action the model does not list but whose guard holds is allowed, as before.
    func forbid(_ action: Spec.Action) -> Bool {
        let holds = hooks.successor(of: UnsafePointer(state), via: action, into: scratch)
        scratch.deinitialize(count: 1)
        return !holds
    }
}

/// The inline bytes of a value, taken once, to tell cheaply that a copy of the value was left
/// alone: bits that are the same as when the copy was made are the same value, and the
/// same references, to storage that a change would have copied first, since the original
/// shares it. Bits that differ prove nothing (a field written with what it held, padding
/// written by a whole-value assignment): the caller then compares the values with `==`.
struct BitSnapshot<Value>: ~Copyable {
    private let bytes: UnsafeMutableRawBufferPointer

    init(of value: inout Value) {
        bytes = .allocate(byteCount: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment)
        retake(&value)
    }

    deinit { bytes.deallocate() }

    /// Takes `value`'s bits again (after the copy was made anew).
    func retake(_ value: inout Value) {
        withUnsafeBytes(of: &value) { bytes.copyMemory(from: $0) }
    }

    /// Whether `value` holds exactly the bits taken.
    func matches(_ value: inout Value) -> Bool {
        // The size is the type's, known when specialised: the comparison unrolls.
        let size = MemoryLayout<Value>.size
        guard size > 0 else { return true }   // a type of one value
        return withUnsafeBytes(of: &value) { rawBytesEqual(bytes.baseAddress!, $0.baseAddress!, count: size) }
    }
}
