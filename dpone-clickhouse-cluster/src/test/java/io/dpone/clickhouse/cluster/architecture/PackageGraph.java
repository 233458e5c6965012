package io.dpone.clickhouse.cluster.architecture;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Which package depends on which, and the groups of packages that depend on each other in a circle. */
final class PackageGraph {
    private final Map<String, Set<String>> edges = new TreeMap<>();

    void add(String from, String to) {
        edges.computeIfAbsent(to, key -> new TreeSet<>());
        if (!from.equals(to)) {
            edges.computeIfAbsent(from, key -> new TreeSet<>()).add(to);
        }
    }

    Set<String> dependencies(String from) {
        return edges.getOrDefault(from, Set.of());
    }

    /** Every strongly connected group of two or more packages (Tarjan), each sorted. */
    List<Set<String>> cycles() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> cycles = new ArrayList<>();
        for (String node : edges.keySet()) {
            if (!index.containsKey(node)) {
                connect(node, index, low, stack, cycles);
            }
        }
        return cycles;
    }

    private void connect(
            String node,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            List<Set<String>> cycles) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        for (String next : dependencies(node)) {
            if (!index.containsKey(next)) {
                connect(next, index, low, stack, cycles);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (stack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            Set<String> group = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                group.add(member);
            } while (!member.equals(node));
            if (group.size() > 1) {
                cycles.add(group);
            }
        }
    }
}
