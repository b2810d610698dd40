import Foundation

/// A queue between two threads that holds at most `capacity` items: the producer waits while it
/// is full, the consumer while it is empty. Either side can end it: `close()` (the producer is
/// done; what is queued is still taken) or `cancel()` (the consumer gives up; what is queued is
/// dropped and the producer's next `put` returns false).
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private let capacity: Int
    private var closed = false
    private var cancelled = false

    init(capacity: Int) { self.capacity = capacity }

    /// Queues `item`, waiting for room. False when the queue was cancelled.
    func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one; nil once the queue is closed and empty, or cancelled.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed, !cancelled { condition.wait() }
        guard !cancelled, !items.isEmpty else { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// The producer is done.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer gives up: queued items are dropped and the producer is released.
    func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// A value one thread sets once and others wait for.
final class Outcome<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }

    var isSet: Bool {
        condition.lock()
        defer { condition.unlock() }
        return value != nil
    }
}
