/**
 * Abstract jqwik property suites for the cluster publication contracts. Extend one, return your
 * implementation from its single abstract method, and run it with the JUnit Platform; see
 * docs/testkit/property-suites.md.
 */
package io.dpone.testkit.property;
