//! Fault and hold rules: which app requests they match (service, operation, resource or its prefix, method),
//! what they do (answer with the service's error, add latency, cut the answer, hold), how often (the next N,
//! every Nth, with a probability), and how many times each fired.

use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

/// One rule as a rules file or the window gives it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    #[serde(default)]
    pub name: String,
    /// `blob`, `queue` or `table`; any when absent.
    #[serde(default)]
    pub service: Option<String>,
    /// The operation as the lens names it ("Update Entity"), without regard to case.
    #[serde(default)]
    pub operation: Option<String>,
    /// The resource exactly (`orders/p/42`, `container/blob`, `jobs`).
    #[serde(default)]
    pub resource: Option<String>,
    /// Every resource that starts with this.
    #[serde(default)]
    pub resource_prefix: Option<String>,
    #[serde(default)]
    pub method: Option<String>,
    pub action: Action,
    /// Fires on the next N matches only.
    #[serde(default)]
    pub times: Option<u64>,
    /// Fires on every Nth match (the Nth, the 2Nth…).
    #[serde(default)]
    pub every: Option<u64>,
    /// Fires on a match with this probability (0 to 1).
    #[serde(default)]
    pub probability: Option<f64>,
}

/// What a rule does to a request it fires on.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Answers in the service's place with this status and its error body; the request is not forwarded.
    Answer {
        status: u16,
        #[serde(default)]
        code: Option<String>,
        #[serde(default)]
        message: Option<String>,
    },
    /// Waits this long before forwarding.
    Delay { ms: u64 },
    /// Forwards, returns the answer's head, then cuts the connection after this many bytes of its body.
    Cut {
        #[serde(default)]
        after_bytes: u64,
    },
    /// Holds the request before it is forwarded (`before`), or its answer before it is returned (`after`), for
    /// `ms` or, without it, until released in the window.
    Hold {
        #[serde(default)]
        stage: Stage,
        #[serde(default)]
        ms: Option<u64>,
    },
}

#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    #[default]
    Before,
    After,
}

/// A rules file: `{"rules": [ … ]}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    rules: Vec<Rule>,
}

/// Reads a rules file's text, saying where it is wrong.
pub fn parse_rules(text: &str) -> Result<Vec<Rule>, String> {
    let file: RulesFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut rules = file.rules;
    for (i, rule) in rules.iter_mut().enumerate() {
        if rule.name.is_empty() {
            rule.name = format!("rule {}", i + 1);
        }
        if rule.every == Some(0) {
            return Err(format!("{}: `every` must be 1 or more", rule.name));
        }
        if let Some(p) = rule.probability
            && !(0.0..=1.0).contains(&p)
        {
            return Err(format!("{}: `probability` must be between 0 and 1", rule.name));
        }
    }
    Ok(rules)
}

/// What a rule is matched against.
pub struct Candidate<'a> {
    pub service: &'a str,
    pub operation: &'a str,
    pub resource: &'a str,
    pub method: &'a str,
}

impl Rule {
    pub fn matches(&self, c: &Candidate) -> bool {
        let same = |want: &Option<String>, have: &str| want.as_ref().is_none_or(|w| w.eq_ignore_ascii_case(have));
        same(&self.service, c.service)
            && same(&self.operation, c.operation)
            && same(&self.method, c.method)
            && self.resource.as_ref().is_none_or(|r| r == c.resource)
            && self
                .resource_prefix
                .as_ref()
                .is_none_or(|p| c.resource.starts_with(p.as_str()))
    }
}

/// A rule and its counts.
#[derive(Clone, Debug, Serialize)]
pub struct RuleState {
    pub rule: Rule,
    pub matched: u64,
    pub fired: u64,
}

/// The rules in force, shared by every listener and the window.
#[derive(Clone, Default)]
pub struct Rules {
    inner: Arc<Mutex<Vec<RuleState>>>,
}

impl Rules {
    pub fn add(&self, rule: Rule) {
        self.inner.lock().expect("rules").push(RuleState {
            rule,
            matched: 0,
            fired: 0,
        });
    }

    pub fn remove(&self, name: &str) {
        self.inner.lock().expect("rules").retain(|r| r.rule.name != name);
    }

    /// Every rule with how often it matched and fired.
    pub fn states(&self) -> Vec<RuleState> {
        self.inner.lock().expect("rules").clone()
    }

    /// The actions that fire on this request, each with its rule's name, in the rules' order.
    pub fn fire(&self, candidate: &Candidate) -> Vec<(String, Action)> {
        let mut fired = Vec::new();
        for state in self.inner.lock().expect("rules").iter_mut() {
            if !state.rule.matches(candidate) {
                continue;
            }
            state.matched += 1;
            let rule = &state.rule;
            let fires = rule.times.is_none_or(|n| state.fired < n)
                && rule.every.is_none_or(|n| state.matched % n == 0)
                && rule.probability.is_none_or(|p| fastrand::f64() < p);
            if fires {
                state.fired += 1;
                fired.push((rule.name.clone(), rule.action.clone()));
            }
        }
        fired
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUT: Candidate = Candidate {
        service: "blob",
        operation: "Put Blob",
        resource: "photos/cat.jpg",
        method: "PUT",
    };

    #[test]
    fn a_rules_file_reads_with_defaults_and_refuses_what_cannot_be() {
        let rules = parse_rules(
            r#"{"rules":[{"operation":"Put Blob","action":{"kind":"answer","status":503,"code":"ServerBusy"},"times":1},
                {"name":"slow","resource_prefix":"photos/","action":{"kind":"delay","ms":50}},
                {"operation":"Update Entity","action":{"kind":"hold","stage":"before","ms":500}}]}"#,
        )
        .unwrap();
        assert_eq!(rules[0].name, "rule 1");
        assert_eq!(rules[1].name, "slow");
        assert_eq!(
            rules[2].action,
            Action::Hold {
                stage: Stage::Before,
                ms: Some(500)
            }
        );
        assert!(parse_rules(r#"{"rules":[{"action":{"kind":"delay","ms":1},"every":0}]}"#).is_err());
        assert!(parse_rules(r#"{"rules":[{"action":{"kind":"shout"}}]}"#).is_err());
        assert!(parse_rules(r#"{"rules":[{"opration":"x","action":{"kind":"delay","ms":1}}]}"#).is_err());
    }

    #[test]
    fn matching_by_operation_resource_prefix_and_method() {
        let rule = |json: &str| parse_rules(&format!(r#"{{"rules":[{json}]}}"#)).unwrap().remove(0);
        assert!(rule(r#"{"operation":"put blob","action":{"kind":"delay","ms":1}}"#).matches(&PUT));
        assert!(rule(r#"{"resource_prefix":"photos/","action":{"kind":"delay","ms":1}}"#).matches(&PUT));
        assert!(!rule(r#"{"resource":"photos","action":{"kind":"delay","ms":1}}"#).matches(&PUT));
        assert!(!rule(r#"{"method":"GET","action":{"kind":"delay","ms":1}}"#).matches(&PUT));
        assert!(!rule(r#"{"service":"table","action":{"kind":"delay","ms":1}}"#).matches(&PUT));
    }

    #[test]
    fn next_n_and_every_nth_fire_as_counted() {
        let rules = Rules::default();
        for rule in parse_rules(
            r#"{"rules":[{"name":"twice","action":{"kind":"delay","ms":1},"times":2},
                {"name":"third","action":{"kind":"delay","ms":1},"every":3},
                {"name":"never","action":{"kind":"delay","ms":1},"probability":0}]}"#,
        )
        .unwrap()
        {
            rules.add(rule);
        }
        let names: Vec<Vec<String>> = (0..6)
            .map(|_| rules.fire(&PUT).into_iter().map(|(n, _)| n).collect())
            .collect();
        assert_eq!(names[0], ["twice"]);
        assert_eq!(names[1], ["twice"]);
        assert_eq!(names[2], ["third"]);
        assert!(names[3].is_empty() && names[4].is_empty());
        assert_eq!(names[5], ["third"]);
        let fired: Vec<u64> = rules.states().iter().map(|s| s.fired).collect();
        assert_eq!(fired, [2, 2, 0]);
    }
}
